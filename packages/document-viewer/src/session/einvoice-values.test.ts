import { describe, expect, it } from 'vitest';
import { setValue } from './document-edits.js';
import {
  EINVOICE_ENTITY_TYPE,
  eInvoiceDisagreement,
  eInvoiceXmlAlternative,
  isFromEInvoice,
} from './einvoice-values.js';
import { entityText } from './fields.js';
import type { DocumentResult, Entity } from './types.js';

const box = { x: 0.5, y: 0.8, width: 0.1, height: 0.02 };

function total(type: string | null, values: Array<{ content: string; boxed: boolean }>): Entity {
  return {
    temporaryId: 'e1',
    type,
    category: 'InvoiceTotal',
    pageNumber: 1,
    chunkNumber: 0,
    confidence: 0.5,
    keyValues: values.map((value) => ({
      pageNumber: 1,
      category: 'InvoiceTotal',
      content: value.content,
      boundingBox: value.boxed ? box : null,
    })),
  } as Entity;
}

describe('fields read from an e-invoice XML', () => {
  it('tells them from the layout rules by their entity type', () => {
    expect(isFromEInvoice(total(EINVOICE_ENTITY_TYPE, [{ content: '963.11', boxed: true }]))).toBe(true);
    expect(isFromEInvoice(total('field', [{ content: '963.11', boxed: true }]))).toBe(false);
    expect(isFromEInvoice(total(null, [{ content: '963.11', boxed: true }]))).toBe(false);
  });

  it('shows the printed value in the field and the XML value beside it where they disagree', () => {
    const entity = total(EINVOICE_ENTITY_TYPE, [
      { content: '963.12', boxed: true },
      { content: '963.11', boxed: false },
    ]);
    expect(entityText(entity)).toBe('963.12');
    expect(eInvoiceXmlAlternative(entity)).toBe('963.11');
    expect(eInvoiceDisagreement(entity)).toEqual({ printed: '963.12', xml: '963.11' });
  });

  it('stops flagging once the reviewer types the XML value, and keeps the field to one value', () => {
    const entity = total(EINVOICE_ENTITY_TYPE, [
      { content: '963.12', boxed: true },
      { content: '963.11', boxed: false },
    ]);
    const page = { pageNumber: 1, entities: [entity] } as unknown as DocumentResult;
    const edited = setValue(page, 'e1', 0, '963.11', '2026-01-01T00:00:00Z').entities[0] as Entity;
    expect(entityText(edited)).toBe('963.11');
    expect(eInvoiceDisagreement(edited)).toBeNull();
  });

  it('reads two values of a layout field, or two boxed values, as a plain list', () => {
    const layout = total('field', [
      { content: '963.12', boxed: true },
      { content: '963.11', boxed: false },
    ]);
    expect(eInvoiceDisagreement(layout)).toBeNull();
    expect(entityText(layout)).toBe('963.12 963.11');
    const boxed = total(EINVOICE_ENTITY_TYPE, [
      { content: 'ACME', boxed: true },
      { content: 'GmbH', boxed: true },
    ]);
    expect(eInvoiceXmlAlternative(boxed)).toBeNull();
    expect(entityText(boxed)).toBe('ACME GmbH');
  });
});
