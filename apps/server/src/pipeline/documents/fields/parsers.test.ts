import { describe, expect, it } from 'vitest';
import { findMoney, parseNumber } from './parse-amount.js';
import { documentDayMonthOrder, findCompactDate, findDates, isTimestamp, parseDate } from './parse-date.js';

describe('parseDate', () => {
  it.each([
    ['Invoice Date: August 3 , 2014', '2014-08-03'],
    ['Date: Jan 1, 2022', '2022-01-01'],
    ['Factuurdatum: 19 april 2014', '2014-04-19'],
    ['Orderdatum: 29 maart 2014', '2014-03-29'],
    ['Rechnungsdatum 7. Mai 2014', '2014-05-07'],
    ['Facture n°562044387 du 02 Juillet 2015', '2015-07-02'],
    ['Lisboa, 14 de março de 2020', '2020-03-14'],
    ['01Aug2018 Assisted Deposit', '2018-08-01'],
    ['Date : 28/11/2022', '2022-11-28'],
    ['8-9-2022', '2022-09-08'],
    ['Zahlungsziel 21.05.14', '2014-05-21'],
    ['2014-08-03', '2014-08-03'],
    ['03/20/2023', '2023-03-20'],
    ['le 1er juillet 2015', '2015-07-01'],
    ['Fecha y hora de emisión 2017-07-05T09:09:23', '2017-07-05'],
    ['Madrid, 16 de noviembre de 2017', '2017-11-16'],
    ['Milano, 3 settembre 2021', '2021-09-03'],
    ['Datum: 11. Juli 2014', '2014-07-11'],
    ['16.11.17', '2017-11-16'],
  ])('%s → %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it('reads ambiguous numeric dates day-first unless told month-first', () => {
    expect(parseDate('04/03/2023')).toBe('2023-03-04');
    expect(parseDate('04/03/2023', 'mdy')).toBe('2023-04-03');
  });

  it('rejects impossible dates and finds several in order', () => {
    expect(parseDate('31/02/2023')).toBeNull();
    expect(findDates('Check In 31/12/2017 Check Out 01/01/2018').map((date) => date.iso)).toEqual([
      '2017-12-31',
      '2018-01-01',
    ]);
  });
});

describe('amounts', () => {
  it.each([
    ['1,950.00', 1950],
    ['1.950,00', 1950],
    ['1.950', 1950],
    ['0,750', 0.75],
    ['4.904,94', 4904.94],
    ['29.99', 29.99],
    ['-9,32', -9.32],
    ['1939', 1939],
  ])('parseNumber(%s) = %d', (text, value) => {
    expect(parseNumber(text)?.value).toBeCloseTo(value, 6);
  });

  it('finds money with its currency and leaves rates, years and quantities alone', () => {
    const found = findMoney(
      'TOTAL AMOUNT DUE ON August 3 , 2014 $4.11 · BTW 21% € 124,61 · Rs 1939 · 12.50 EUR · 3 units',
    );
    expect(found.map((amount) => [amount.normalized, amount.currency])).toEqual([
      ['4.11', 'USD'],
      ['124.61', 'EUR'],
      ['1939.00', 'INR'],
      ['12.50', 'EUR'],
    ]);
  });

  it('reads Swiss apostrophe thousands and the Czech and Polish currency signs', () => {
    expect(
      findMoney("Total CHF 2'606.35 · 8’390.40 · 12.100,00 Kč · 1\u00a0234,50 zł").map((a) => [
        a.normalized,
        a.currency,
      ]),
    ).toEqual([
      ['2606.35', 'CHF'],
      ['8390.40', null],
      ['12100.00', 'CZK'],
      ['1234.50', 'PLN'],
    ]);
  });
});

describe("a credit's amounts, negative as printed", () => {
  it('reads the minus before the currency sign, after the number, and accounting brackets', () => {
    const read = (text: string) => findMoney(text).map((amount) => [amount.normalized, amount.currency]);
    expect(read('Total -€24,918.42')).toEqual([['-24918.42', 'EUR']]);
    expect(read('Total € -24,918.42')).toEqual([['-24918.42', 'EUR']]);
    expect(read('Gesamtbetrag 24.918,42- EUR')).toEqual([['-24918.42', 'EUR']]);
    expect(read('Total due (1,250.00)')).toEqual([['-1250.00', null]]);
    expect(read('Montant TTC −1\u202f234,50 €')).toEqual([['-1234.50', 'EUR']]);
  });

  it('does not take a hyphen between numbers or before a word for a minus', () => {
    const read = (text: string) => findMoney(text).map((amount) => amount.normalized);
    expect(read('Preis 10,00-15,00 EUR')[0]).toBe('10.00');
    expect(read('5,00-Gutschein')).toEqual(['5.00']);
    expect(read('Total 119,00 EUR (incl. 19,00 EUR VAT)')).toEqual(['119.00', '19.00']);
  });
});

describe('thousands grouped by plain spaces', () => {
  it('reads them with cents and a currency marker touching the number', () => {
    const read = (text: string) => findMoney(text).map((amount) => [amount.normalized, amount.currency]);
    expect(read('Celkem 1 210,00 Kč')).toEqual([['1210.00', 'CZK']]);
    expect(read('Total TTC € 12 368,84')).toEqual([['12368.84', 'EUR']]);
    expect(read('Gutschrift -1 000,00 EUR')).toEqual([['-1000.00', 'EUR']]);
  });

  it('keeps a quantity and a price apart when no currency says they are one amount', () => {
    const read = (text: string) => findMoney(text).map((amount) => amount.normalized);
    expect(read('Menge 2 100,00')).toEqual(['100.00']);
    expect(read('IČ 99899989 123 456,00')).toEqual(['456.00']);
  });
});

describe('amounts inside codes', () => {
  it('does not read a number glued to letters or going on with dotted groups as an amount', () => {
    expect(findMoney('VAT NL8204.71.616.B.02')).toEqual([]);
    expect(findMoney('ref INV2023.01')).toEqual([]);
    expect(findMoney('version 1.2.3')).toEqual([]);
    expect(findMoney('Total € 22,50').map((amount) => amount.normalized)).toEqual(['22.50']);
    expect(findMoney('EUR1.234,00').map((amount) => amount.normalized)).toEqual(['1234.00']);
  });
});

describe('dates in the other written forms', () => {
  it('reads eight digits as a date only where they are a real calendar day', () => {
    expect(findCompactDate(' 20260815 · Échéance')).toMatchObject({ iso: '2026-08-15', index: 1, length: 8 });
    expect(findCompactDate('20261315')).toBeNull();
    expect(findCompactDate('202608150')).toBeNull();
    expect(findCompactDate('39280913700027')).toBeNull();
  });

  it('tells a printing moment from a date', () => {
    const text = 'Seite 1 von 1 20.03.2018 17:09:28 Belegdatum 07.01.1997';
    const [printed, dated] = findDates(text);
    expect(printed && isTimestamp(text, printed)).toBe(true);
    expect(dated && isTimestamp(text, dated)).toBe(false);
  });

  it("decides day-first or month-first from the document's other dates", () => {
    expect(documentDayMonthOrder(['Date 03/05/2016', 'Due 03/19/2016'])).toBe('mdy');
    expect(documentDayMonthOrder(['Date 03/05/2016', 'Due 19/03/2016'])).toBe('dmy');
    expect(documentDayMonthOrder(['Date 03/05/2016'])).toBeNull();
  });
});
