import { describe, expect, it } from 'vitest';
import { detectInvoiceFields } from '../fields/detect-invoice-fields.js';
import { extractPdfText } from '../pdf/extract-pdf-text.js';
import { contractErrors } from '../testing/contract-schemas.js';
import { readFixture } from '../testing/fixtures.js';
import type { Entity } from '../types.js';
import { DISAGREEMENT_CONFIDENCE, EINVOICE_ENTITY_TYPE, eInvoiceFields, readEmbeddedEInvoice } from './index.js';

async function fieldsOf(name: string) {
  const bytes = readFixture(`invoices-dev/${name}`);
  const found = await readEmbeddedEInvoice(bytes);
  if (found.status !== 'invoice') throw new Error(`${name} has no readable e-invoice`);
  const pages = await extractPdfText(bytes);
  return eInvoiceFields(found.invoice, pages, detectInvoiceFields(pages));
}

const field = (entities: Entity[], category: string) => entities.find((entity) => entity.category === category);

describe('eInvoiceFields', () => {
  it('gives the XML values confidence 1, marks their source and places them where the page prints them', async () => {
    const result = await fieldsOf('fr_hotel_pacano_facturx.pdf');
    expect(result.disagreements).toEqual([]);
    const total = field(result.entities, 'InvoiceTotal') as Entity;
    expect(total).toMatchObject({ type: EINVOICE_ENTITY_TYPE, confidence: 1 });
    expect(total.keyValues).toHaveLength(1);
    expect(total.keyValues[0]).toMatchObject({ contentNormalized: '1368.84', pageNumber: 1 });
    expect(total.keyValues[0]?.content).toMatch(/1.?368,84/);
    expect(total.keyValues[0]?.boundingBox).not.toBeNull();
    expect(field(result.entities, 'InvoiceId')?.keyValues[0]?.contentNormalized).toBe('2023-6013');
    expect(field(result.entities, 'VendorTaxId')?.keyValues[0]?.contentNormalized).toBe('FR40123456824');
    expect(field(result.entities, 'AmountDue')?.keyValues[0]?.contentNormalized).toBe('915.86');
    expect(field(result.entities, 'PaymentIban')?.keyValues[0]?.contentNormalized).toBe('FR7430003000402964223654P78');
    expect(field(result.entities, 'InvoiceType')?.keyValues[0]?.contentNormalized).toBe('invoice');
    for (const entity of result.entities) expect(contractErrors('Entity', entity)).toBeNull();
    expect(result.table?.rowCount).toBe(2);
    expect(contractErrors('Table', result.table)).toBeNull();
  });

  it('flags a field whose printed value differs from the XML, with both values, the printed one first', async () => {
    const result = await fieldsOf('de_weclapp_facturx.pdf');
    const total = field(result.entities, 'InvoiceTotal') as Entity;
    expect(total.confidence).toBe(DISAGREEMENT_CONFIDENCE);
    expect(total.keyValues.map((value) => value.contentNormalized)).toEqual(['963.12', '963.11']);
    expect(total.keyValues[0]?.boundingBox).not.toBeNull();
    expect(result.disagreements).toContainEqual({ category: 'InvoiceTotal', printed: '963.12', xml: '963.11' });
    // The seller's VAT id passes its check digits: not flagged.
    expect(result.failedTaxIds).toEqual([]);
    expect(field(result.entities, 'VendorTaxId')?.confidence).toBe(1);
    expect(contractErrors('Entity', total)).toBeNull();
  });

  it('keeps an XML value the page does not print, without a box', async () => {
    const result = await fieldsOf('fr_atelier_berthier_facturx.pdf');
    // The seller's VAT id is only in the XML (the page prints the SIRET). Its key fails the French
    // check (FR + 2 check digits + SIREN), so it is kept but flagged like a disagreement.
    const vat = field(result.entities, 'VendorTaxId') as Entity;
    expect(vat).toMatchObject({ confidence: DISAGREEMENT_CONFIDENCE, pageNumber: 1 });
    expect(vat.keyValues[0]).toMatchObject({ contentNormalized: 'FR40392809137', boundingBox: null });
    expect(result.failedTaxIds).toEqual(['VendorTaxId FR40392809137']);
    expect(field(result.entities, 'InvoiceDate')?.keyValues[0]?.contentNormalized).toBe('2026-08-15');
    expect(field(result.entities, 'InvoiceDate')?.keyValues[0]?.boundingBox).not.toBeNull();
  });
});
