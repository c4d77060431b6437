// The change-level rule of workspace fields (product spec §4) and the key rules (spec §5), as pure
// functions: every kind of change on its own, combinations (highest wins) and the refusals.
import { describe, expect, it } from 'vitest';
import { applyFieldsUpdate, checkKey, orderChanged, validateCategories } from '../src/domain/workspaces/fields.js';
import type { FieldDefinition, FieldsState, FieldsUpdate } from '../src/domain/workspaces/types.js';
import { FIELD_CHANGE_LEVEL } from '../src/domain/workspaces/types.js';

const { None, CurrentTask, Reprocess } = FIELD_CHANGE_LEVEL;

const field = (categoryKey: string, isRequired = false, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  categoryKey,
  displayName: categoryKey,
  fieldConfig: { type: 50, isRequired },
  ...extra,
});

const initial = (): FieldsState => ({
  categories: [
    field('InvoiceId', true),
    field('InvoiceDate'),
    field('VendorName'),
    field('Notes'),
    field('Lines', false, { groupType: 100 }),
    field('Amount', false, { parentCategoryKey: 'Lines' }),
    field('Locked', false, { editLocked: true }),
  ],
  fieldsToDetect: ['InvoiceId', 'InvoiceDate', 'VendorName'],
  fieldOrder: ['InvoiceId', 'InvoiceDate', 'VendorName'],
  requiredFields: ['InvoiceId'],
});

/** An update that changes nothing, to be modified by each case. */
const noop = (state = initial()): FieldsUpdate => ({
  addedFields: [],
  editedFields: [],
  deletedFields: [],
  fieldOrder: [...state.fieldOrder],
  baseFields: [...state.fieldsToDetect],
});

const level = (update: Partial<FieldsUpdate>, builtIn: string[] = []) =>
  applyFieldsUpdate(initial(), { ...noop(), ...update }, new Set(builtIn)).changeLevel;

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as { status: number; code: number; message: string };
  }
  throw new Error('expected a refusal');
};

describe('field change level', () => {
  it('is None when nothing changes, also for an "edit" identical to the field', () => {
    expect(level({})).toBe(None);
    expect(level({ editedFields: [field('InvoiceDate')] })).toBe(None);
  });

  it('selecting a field requires reprocessing', () => {
    expect(level({ baseFields: ['InvoiceId', 'InvoiceDate', 'VendorName', 'Notes'] })).toBe(Reprocess);
  });

  it('unselecting a field requires reprocessing', () => {
    expect(level({ baseFields: ['InvoiceId', 'InvoiceDate'], fieldOrder: ['InvoiceId', 'InvoiceDate'] })).toBe(
      Reprocess,
    );
  });

  it('reordering requires reprocessing; the same selection sent in another list order does not', () => {
    expect(level({ fieldOrder: ['InvoiceDate', 'InvoiceId', 'VendorName'] })).toBe(Reprocess);
    expect(level({ baseFields: ['VendorName', 'InvoiceId', 'InvoiceDate'] })).toBe(None);
  });

  it('adding a field requires reprocessing', () => {
    expect(level({ addedFields: [field('PoNumber')] })).toBe(Reprocess);
  });

  it('editing a field applies to the current task', () => {
    expect(level({ editedFields: [{ ...field('InvoiceDate'), displayName: 'Date of invoice' }] })).toBe(CurrentTask);
    expect(level({ editedFields: [field('InvoiceDate', false, { fillColor: '#ff000052' })] })).toBe(CurrentTask);
  });

  it('editing a field so that it becomes required requires reprocessing', () => {
    expect(level({ editedFields: [field('InvoiceDate', true)] })).toBe(Reprocess);
  });

  it('editing a field so that it is no longer required applies to the current task', () => {
    expect(level({ editedFields: [field('InvoiceId', false)] })).toBe(CurrentTask);
  });

  it('deleting a field applies to the current task, also when it was selected', () => {
    expect(level({ deletedFields: ['Notes'] })).toBe(CurrentTask);
    // The client may still send the selection it had: the deleted key is dropped, not "unselected".
    expect(level({ deletedFields: ['VendorName'] })).toBe(CurrentTask);
    expect(
      level({
        deletedFields: ['VendorName'],
        baseFields: ['InvoiceId', 'InvoiceDate'],
        fieldOrder: ['InvoiceId', 'InvoiceDate'],
      }),
    ).toBe(CurrentTask);
  });

  it('the highest level reached wins', () => {
    expect(level({ deletedFields: ['Notes'], editedFields: [{ ...field('InvoiceDate'), displayName: 'x' }] })).toBe(
      CurrentTask,
    );
    expect(level({ deletedFields: ['Notes'], addedFields: [field('PoNumber')] })).toBe(Reprocess);
    expect(level({ editedFields: [field('VendorName', true)], deletedFields: ['Notes'] })).toBe(Reprocess);
    expect(
      level({
        editedFields: [{ ...field('InvoiceDate'), displayName: 'x' }],
        fieldOrder: ['VendorName', 'InvoiceId', 'InvoiceDate'],
      }),
    ).toBe(Reprocess);
  });
});

describe('applying a field edit', () => {
  it('adds, edits, deletes and selects, and derives the required fields', () => {
    const { fields } = applyFieldsUpdate(initial(), {
      addedFields: [field('PoNumber', true)],
      editedFields: [field('InvoiceDate', true)],
      deletedFields: ['Notes'],
      fieldOrder: ['PoNumber', 'InvoiceId', 'InvoiceDate', 'VendorName'],
      baseFields: ['PoNumber', 'InvoiceId', 'InvoiceDate', 'VendorName'],
    });
    expect(fields.categories.map((c) => c.categoryKey)).toEqual([
      'InvoiceId',
      'InvoiceDate',
      'VendorName',
      'Lines',
      'Amount',
      'Locked',
      'PoNumber',
    ]);
    expect(fields.requiredFields).toEqual(['InvoiceId', 'InvoiceDate', 'PoNumber']);
    expect(fields.fieldsToDetect).toEqual(['PoNumber', 'InvoiceId', 'InvoiceDate', 'VendorName']);
  });

  it('deleting a table deletes its columns', () => {
    const { fields } = applyFieldsUpdate(initial(), { ...noop(), deletedFields: ['Lines'] });
    expect(fields.categories.map((c) => c.categoryKey)).not.toContain('Amount');
  });

  it('refuses with WorkspaceConfigError (10), naming the key', () => {
    const cases: Array<[Partial<FieldsUpdate>, string]> = [
      [{ addedFields: [field('Bad-Key')] }, "'Bad-Key'"],
      [{ addedFields: [field('Dot.Col', false, { parentCategoryKey: 'Lines' })] }, "table header key 'Dot.Col'"],
      [{ addedFields: [field('InvoiceId')] }, "'InvoiceId' already exists"],
      [{ addedFields: [field('A'), field('A')] }, "'A' is used twice"],
      [{ addedFields: [field('Orphan', false, { parentCategoryKey: 'Nope' })] }, "'Nope'"],
      [{ editedFields: [field('Missing')] }, "'Missing' cannot be edited"],
      [{ editedFields: [field('Locked', true, { editLocked: true })] }, "'Locked' is locked"],
      [{ deletedFields: ['Missing'] }, "'Missing' cannot be deleted"],
      [{ deletedFields: ['Locked'] }, "'Locked' is built in"],
      [{ baseFields: ['InvoiceId', 'Ghost'] }, "'Ghost'"],
      [{ fieldOrder: ['Ghost'] }, "'Ghost'"],
      [
        {
          editedFields: [field('InvoiceDate', false, { fieldConfig: { type: 50, isRequired: false, pattern: '([' } })],
        },
        "'InvoiceDate'",
      ],
    ];
    for (const [update, fragment] of cases) {
      const error = errorOf(() => applyFieldsUpdate(initial(), { ...noop(), ...update }));
      expect(error, fragment).toMatchObject({ kind: 'invalid', code: 10 }); // answered 400
      expect(error.message).toContain(fragment);
    }
  });

  it('refuses deleting a built-in field of the recognizer', () => {
    const error = errorOf(() =>
      applyFieldsUpdate(initial(), { ...noop(), deletedFields: ['InvoiceId'] }, new Set(['InvoiceId'])),
    );
    expect(error).toMatchObject({ code: 10 });
  });
});

describe('key rules', () => {
  it('category keys: letters, digits and dot', () => {
    expect(() => checkKey('Invoice.Total2', false)).not.toThrow();
    for (const bad of ['a b', 'a-b', 'ä', 'a_b', 'a/b', '']) expect(() => checkKey(bad, false), bad).toThrow();
  });
  it('table header keys: letters and digits only', () => {
    expect(() => checkKey('Amount2', true)).not.toThrow();
    for (const bad of ['a.b', 'a b', 'a-b']) expect(() => checkKey(bad, true), bad).toThrow(/table header key/);
  });
  it('a child cannot have children', () => {
    expect(() =>
      validateCategories([
        field('T'),
        field('C', false, { parentCategoryKey: 'T' }),
        field('G', false, { parentCategoryKey: 'C' }),
      ]),
    ).toThrow(/nested/);
  });
  it('orderChanged compares only the keys both lists share', () => {
    expect(orderChanged(['a', 'b', 'c'], ['a', 'c'])).toBe(false);
    expect(orderChanged(['a', 'b'], ['a', 'x', 'b'])).toBe(false);
    expect(orderChanged(['a', 'b'], ['b', 'a'])).toBe(true);
  });
});
