import { describe, expect, it } from 'vitest';
import { syntheticPage } from '../testing/synthetic-page.js';
import { detectInvoiceFields } from './detect-invoice-fields.js';
import { checkPrefixedVat, checkWith, NATIONAL_ID_LABELS } from './tax-id.js';
import { findVendorTaxId } from './vendor-tax-id.js';

// Ids with correct check digits (published examples of each scheme) and one digit changed.
const DE_VALID = 'DE136695976';
const DE_INVALID = 'DE136695977';
const AT_VALID = 'ATU13585627';
const CNPJ_VALID = '11.222.333/0001-81';
const CNPJ_INVALID = '11.222.333/0001-82';

describe('tax ids checked with their country check digits', () => {
  it('checks prefixed VAT numbers of the member states, spaced or dotted', () => {
    expect(checkPrefixedVat(DE_VALID).status).toBe('valid');
    expect(checkPrefixedVat('DE 136 695 976').status).toBe('valid');
    expect(checkPrefixedVat(AT_VALID).status).toBe('valid');
    expect(checkPrefixedVat('EL094259216').status).toBe('valid');
    expect(checkPrefixedVat(DE_INVALID).status).toBe('invalid');
    expect(checkPrefixedVat('XX123456789').status).toBe('unchecked');
  });

  it('checks national ids by the scheme their label names', () => {
    const cnpj = NATIONAL_ID_LABELS.find((entry) => entry.label.test('CNPJ'));
    expect(cnpj).toBeDefined();
    expect(checkWith(cnpj?.validators() ?? [], CNPJ_VALID).status).toBe('valid');
    expect(checkWith(cnpj?.validators() ?? [], CNPJ_INVALID).status).toBe('invalid');
    expect(checkWith([], CNPJ_VALID).status).toBe('unchecked');
  });
});

describe('findVendorTaxId', () => {
  it("takes the seller's id, not the buyer's, by the words over and before them", () => {
    const page = syntheticPage(
      [
        'Seller                          Buyer',
        'Muster Trading GmbH             Kunde AG',
        `VAT ID: ${AT_VALID}             VAT ID: ${DE_VALID}`,
      ].join('\n'),
    );
    // The buyer's column starts on the same line; the line's start names no side.
    const found = findVendorTaxId([
      syntheticPage(['Seller', 'Muster Trading GmbH', `USt-IdNr.: ${AT_VALID}`].join('\n')),
    ]);
    expect(found?.normalized).toBe(AT_VALID);
    expect(found?.check.status).toBe('valid');
    expect(findVendorTaxId([page])?.normalized).toBe(AT_VALID);
  });

  it("skips the id the page calls the reader's own", () => {
    const page = syntheticPage(
      ['Invoice 1001', `Your VAT ID: ${DE_VALID}`, '', '', '', 'Muster Trading GmbH', `VAT-ID: ${AT_VALID}`].join('\n'),
    );
    expect(findVendorTaxId([page])?.normalized).toBe(AT_VALID);
  });

  it('prefers an id that passes its check; one that fails is taken only alone, with low confidence', () => {
    const both = syntheticPage(['Invoice 1001', `VAT: ${DE_INVALID}`, `Tax number ${AT_VALID}`].join('\n'));
    expect(findVendorTaxId([both])?.normalized).toBe(AT_VALID);
    const alone = findVendorTaxId([syntheticPage(['Invoice 1001', `VAT: ${DE_INVALID}`].join('\n'))]);
    expect(alone?.normalized).toBe(DE_INVALID);
    expect(alone?.check.status).toBe('invalid');
    expect(alone?.confidence).toBeLessThan(0.4);
  });

  it('reads a national id after its label, and stops before a following word', () => {
    const page = syntheticPage(['NOTA FISCAL', 'Emitente', `CNPJ: ${CNPJ_VALID} Inscrição Estadual`].join('\n'));
    const found = findVendorTaxId([page]);
    expect(found?.normalized).toBe(CNPJ_VALID);
    expect(found?.check).toEqual({ status: 'valid', scheme: 'CNPJ' });
  });

  it('does not read a word that starts with a country prefix (SIRET) as a VAT number', () => {
    expect(findVendorTaxId([syntheticPage(['Facture 12', 'SIRET 12345678900017'].join('\n'))])).toBeNull();
  });

  it('does not take an IBAN for a VAT number', () => {
    const page = syntheticPage(['Invoice 1001', 'IBAN DE89 3704 0044 0532 0130 00'].join('\n'));
    expect(findVendorTaxId([page])).toBeNull();
  });
});

describe('detectInvoiceFields: VendorTaxId', () => {
  it('reports the checked id with the confidence of its check', () => {
    const valid = detectInvoiceFields([
      syntheticPage(
        ['Muster Trading GmbH', `USt-IdNr. ${DE_VALID}`, 'Rechnung Nr. 4711', 'Gesamt 119,00 EUR'].join('\n'),
      ),
    ]).find((entity) => entity.category === 'VendorTaxId');
    expect(valid?.keyValues[0]?.contentNormalized).toBe(DE_VALID);
    expect(valid?.confidence).toBeGreaterThan(0.8);
    const invalid = detectInvoiceFields([
      syntheticPage(
        ['Muster Trading GmbH', `USt-IdNr. ${DE_INVALID}`, 'Rechnung Nr. 4711', 'Gesamt 119,00 EUR'].join('\n'),
      ),
    ]).find((entity) => entity.category === 'VendorTaxId');
    expect(invalid?.confidence).toBeLessThan(0.5);
  });
});
