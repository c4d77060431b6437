import { describe, expect, it } from 'vitest';
import { syntheticPage } from '../testing/synthetic-page.js';
import { detectInvoiceFields } from './detect-invoice-fields.js';
import { addDays, impliedIssueDate, termDays } from './payment-terms.js';

describe('termDays', () => {
  it('reads the days of the terms in several languages', () => {
    expect(termDays([syntheticPage('PAY TERMS\nNet 45 Days')])).toBe(45);
    expect(termDays([syntheticPage('Payment: 30 days net')])).toBe(30);
    expect(termDays([syntheticPage('Zahlbar netto 14 Tage')])).toBe(14);
  });

  it('says nothing without terms or with two different ones', () => {
    expect(termDays([syntheticPage('Net amount 45,00')])).toBeNull();
    expect(termDays([syntheticPage('Net 30 Days\nor Net 60 Days with a surcharge')])).toBeNull();
  });
});

describe('addDays', () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2014-02-13', -45)).toBe('2013-12-30');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('impliedIssueDate', () => {
  const page = syntheticPage(
    ['INVOICE DATE | 12/20/2013', 'S/O DATE | 12/30/2013', 'PAY TERMS Net 45 Days DUE DATE 02/13/2014'].join('\n'),
  );

  it('finds the printed date the terms and the due date imply', () => {
    expect(impliedIssueDate([page], '2014-02-13', '2013-12-20', 'mdy')?.date.iso).toBe('2013-12-30');
  });

  it('leaves a reading that agrees, and a date printed nowhere', () => {
    expect(impliedIssueDate([page], '2014-02-13', '2013-12-30', 'mdy')).toBeNull();
    expect(impliedIssueDate([page], '2014-03-13', '2013-12-20', 'mdy')).toBeNull();
  });
});

describe('detectInvoiceFields: the issue date by the terms', () => {
  it('takes the date the terms imply over a misread issue date', () => {
    const page = syntheticPage(
      [
        'INVOICE NUMBER 20517440',
        'INVOICE DATE: 12/20/2013',
        'S/O DATE: 12/30/2013',
        'PAY TERMS: Net 45 Days',
        'DUE DATE: 02/13/2014',
        'INVOICE TOTAL $2,978,666.00',
      ].join('\n'),
    );
    const date = detectInvoiceFields([page]).find((entity) => entity.category === 'InvoiceDate');
    expect(date?.keyValues[0]?.contentNormalized).toBe('2013-12-30');
  });

  it('keeps the issue date read when the terms agree with it', () => {
    const page = syntheticPage(
      ['Invoice No: 17', 'Invoice Date: 12/30/2013', 'Net 45 Days', 'Due Date: 02/13/2014', 'Total $10.00'].join('\n'),
    );
    const date = detectInvoiceFields([page]).find((entity) => entity.category === 'InvoiceDate');
    expect(date?.keyValues[0]?.contentNormalized).toBe('2013-12-30');
  });
});
