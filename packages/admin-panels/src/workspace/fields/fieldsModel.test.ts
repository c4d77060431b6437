import type { Schema } from '@reviewdesk/api-client';
import { describe, expect, it } from 'vitest';
import {
  changeLevel,
  draftOf,
  keyProblem,
  newField,
  patternIsValid,
  randomFieldColours,
  updateOf,
} from './fieldsModel';

const field = (key: string, required = false) => ({
  ...newField(key, key.toUpperCase()),
  fillColor: '#0011ff1a',
  strokeColor: '#0011ff',
  fieldConfig: { type: 50 as const, isRequired: required, pattern: null },
});

const saved: Schema<'WorkspaceFields'> = {
  workspaceId: 'w',
  categories: [field('total'), field('date'), field('vat.id')],
  fieldsToDetect: ['total', 'date'],
  fieldOrder: ['total', 'date'],
  requiredFields: [],
  baseFields: ['total', 'date'],
};

describe('field change level', () => {
  it('is none without a change', () => {
    expect(changeLevel(saved, draftOf(saved))).toBe(0);
  });

  it('requires reprocessing to select, unselect, add or reorder', () => {
    const reordered = draftOf(saved);
    reordered.selected = ['date', 'total'];
    expect(changeLevel(saved, reordered)).toBe(20);
    const selected = draftOf(saved);
    selected.selected.push('vat.id');
    expect(changeLevel(saved, selected)).toBe(20);
    const added = draftOf(saved);
    added.fields.push(field('iban'));
    expect(changeLevel(saved, added)).toBe(20);
  });

  it('applies an edit to the current task unless the field becomes required', () => {
    const renamed = draftOf(saved);
    (renamed.fields[0] as { displayName: string }).displayName = 'Grand total';
    expect(changeLevel(saved, renamed)).toBe(10);
    const required = draftOf(saved);
    (required.fields[0] as { fieldConfig: { isRequired: boolean } }).fieldConfig.isRequired = true;
    expect(changeLevel(saved, required)).toBe(20);
  });

  it('applies a deletion to the current task, and the highest level wins', () => {
    const deleted = draftOf(saved);
    deleted.fields = deleted.fields.filter((f) => f.categoryKey !== 'vat.id');
    expect(changeLevel(saved, deleted)).toBe(10);
    deleted.selected = ['date', 'total'];
    expect(changeLevel(saved, deleted)).toBe(20);
  });
});

describe('field rules', () => {
  it('allows letters, digits and dot in keys, and only letters and digits in table header keys', () => {
    expect(keyProblem('vat.id', false, [])).toBeNull();
    expect(keyProblem('vat id', false, [])).toBe('characters');
    expect(keyProblem('vat-id', false, [])).toBe('characters');
    expect(keyProblem('qty.1', true, [])).toBe('tableCharacters');
    expect(keyProblem('qty1', true, [])).toBeNull();
    expect(keyProblem('', false, [])).toBe('empty');
    expect(keyProblem('total', false, saved.categories)).toBe('duplicate');
  });

  it('checks that a pattern compiles', () => {
    expect(patternIsValid('^PT\\d{9}$')).toBe(true);
    expect(patternIsValid('([a-z')).toBe(false);
    expect(patternIsValid(null)).toBe(true);
  });

  it('gives new fields a random colour at opacity 0.32', () => {
    expect(randomFieldColours(() => 0.5)).toEqual({ fillColor: '#80808052', strokeColor: '#808080' });
    const { fillColor, strokeColor } = newField('x', 'X');
    expect(fillColor).toMatch(/^#[0-9a-f]{6}52$/);
    expect(fillColor?.slice(0, 7)).toBe(strokeColor);
  });

  it('sends the added, edited and deleted fields with the selection in order', () => {
    const draft = draftOf(saved);
    draft.fields = draft.fields.filter((f) => f.categoryKey !== 'vat.id');
    (draft.fields[1] as { displayName: string }).displayName = 'Issued on';
    const iban = field('iban');
    draft.fields.push(iban);
    draft.selected = ['iban', 'total', 'date'];
    expect(updateOf(saved, draft)).toEqual({
      addedFields: [iban],
      editedFields: [expect.objectContaining({ categoryKey: 'date', displayName: 'Issued on' })],
      deletedFields: ['vat.id'],
      fieldOrder: ['iban', 'total', 'date'],
      baseFields: ['iban', 'total', 'date'],
    });
  });
});
