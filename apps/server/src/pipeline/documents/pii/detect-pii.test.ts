import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../pdf/extract-pdf-text.js';
import { readFixture } from '../testing/fixtures.js';
import { syntheticPage } from '../testing/synthetic-page.js';
import { detectPii } from './detect-pii.js';
import { isEuVatShape, isValidIban, isValidPortugueseNif } from './tax-ids.js';

const found = (text: string) =>
  detectPii(syntheticPage(text)).map((entity) => [
    entity.category,
    entity.keyValues[0]?.content,
    entity.keyValues[0]?.contentNormalized,
  ]);

describe('identifier checks', () => {
  it('checks IBANs with mod 97', () => {
    expect(isValidIban('NL50INGB0683251309')).toBe(true);
    expect(isValidIban('DE30 5075 0094 0000 0485 67')).toBe(true);
    expect(isValidIban('NL50INGB0683251308')).toBe(false);
  });

  it('checks Portuguese NIFs and EU VAT shapes', () => {
    expect(isValidPortugueseNif('123456789')).toBe(true);
    expect(isValidPortugueseNif('123456780')).toBe(false);
    expect(isEuVatShape('NL810433941B01')).toBe(true);
    expect(isEuVatShape('DE 232 446 240')).toBe(true);
    expect(isEuVatShape('PT123456789')).toBe(true);
    expect(isEuVatShape('PT123456780')).toBe(false);
    expect(isEuVatShape('NL81043394')).toBe(false);
  });
});

describe('detectPii', () => {
  it('finds e-mails, phones and IBANs', () => {
    expect(
      found('Contact: ana.silva@example.pt Tel: +351 912 345 678\nIBAN: PT50 0002 0123 1234 5678 9015 4 BIC XYZ'),
    ).toEqual([
      ['Email', 'ana.silva@example.pt', 'ana.silva@example.pt'],
      ['PhoneNumber', '+351 912 345 678', '+351912345678'],
      ['Iban', 'PT50 0002 0123 1234 5678 9015 4', 'PT50000201231234567890154'],
    ]);
  });

  it('finds national phone numbers only after a cue', () => {
    expect(found('Telefone: 21 123 4567')).toEqual([['PhoneNumber', '21 123 4567', '211234567']]);
    expect(found('Order 21 123 4567')).toEqual([]);
  });

  it("takes only numbers in a country's ranges (libphonenumber-js), not every number of that shape", () => {
    expect(found('Telemóvel: +351 912 345 678')).toEqual([['PhoneNumber', '+351 912 345 678', '+351912345678']]);
    // Portugal has no numbers starting with 0 after its code, and no country code 999.
    expect(found('Telemóvel: +351 012 345 678')).toEqual([]);
    expect(found('Ref. +999 1234 5678')).toEqual([]);
    expect(found('Tel. 00 49 30 901820')).toEqual([['PhoneNumber', '00 49 30 901820', '+4930901820']]);
  });

  it('finds tax ids: a NIF after its cue, VAT numbers by shape', () => {
    expect(found('NIF: 123456789 · Ref 123456789')).toEqual([['TaxId', '123456789', 'PT123456789']]);
    expect(found('BTW NL810433941B01')).toEqual([['TaxId', 'NL810433941B01', 'NL810433941B01']]);
  });

  it('finds dates of birth but not other dates', () => {
    expect(found('Data de nascimento: 12/03/1985\nData da fatura: 01/02/2024')).toEqual([
      ['DateOfBirth', '12/03/1985', '1985-03-12'],
    ]);
    expect(found('Born on 4 July 1976')).toEqual([['DateOfBirth', '4 July 1976', '1976-07-04']]);
  });

  it('finds names after titles and name labels', () => {
    expect(found('Exmo. Sr. João da Silva Santos')).toEqual([['PersonName', 'João da Silva Santos', null]]);
    expect(found('Guest Name: Sanjay Date: 31/12/2017')).toEqual([['PersonName', 'Sanjay', null]]);
    expect(found('Mr. John Smith, Dr. Maria Weber')).toEqual([
      ['PersonName', 'John Smith', null],
      ['PersonName', 'Maria Weber', null],
    ]);
  });

  it('boxes what it finds on a real invoice', async () => {
    const [page] = await extractPdfText(readFixture('invoices/coolblue1.pdf'));
    if (!page) throw new Error('no page');
    const entities = detectPii(page);
    const iban = entities.find((entity) => entity.category === 'Iban');
    expect(iban?.keyValues[0]).toMatchObject({ content: 'NL50INGB0683251309', pageNumber: 1 });
    expect(iban?.keyValues[0]?.boundingBox?.width).toBeGreaterThan(50);
    expect(entities.map((entity) => entity.category)).toContain('TaxId');
  });
});
