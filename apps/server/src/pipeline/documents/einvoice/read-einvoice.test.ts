import { describe, expect, it } from 'vitest';
import { readFixture, readFixtureText } from '../testing/fixtures.js';
import { readEmbeddedEInvoice } from './index.js';
import { decimal, isoDate, readEInvoice } from './read-einvoice.js';

const dev = (name: string) => readFixture(`invoices-dev/${name}`);

// A UBL 2.1 credit note in the XRechnung / Peppol shape, with prefixes other than the usual ones,
// to show the reader does not depend on how the sender bound the namespaces.
const UBL_CREDIT_NOTE = `<?xml version="1.0" encoding="UTF-8"?>
<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
  xmlns:a="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:b="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <b:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</b:CustomizationID>
  <b:ID>GS-2024-17</b:ID>
  <b:IssueDate>2024-03-05</b:IssueDate>
  <b:CreditNoteTypeCode>381</b:CreditNoteTypeCode>
  <b:DocumentCurrencyCode>EUR</b:DocumentCurrencyCode>
  <a:AccountingSupplierParty><a:Party>
    <a:PartyName><b:Name>Muster Trading</b:Name></a:PartyName>
    <a:PostalAddress><a:Country><b:IdentificationCode>DE</b:IdentificationCode></a:Country></a:PostalAddress>
    <a:PartyTaxScheme><b:CompanyID>DE136695976</b:CompanyID><a:TaxScheme><b:ID>VAT</b:ID></a:TaxScheme></a:PartyTaxScheme>
    <a:PartyLegalEntity><b:RegistrationName>Muster Trading GmbH</b:RegistrationName></a:PartyLegalEntity>
  </a:Party></a:AccountingSupplierParty>
  <a:AccountingCustomerParty><a:Party>
    <a:PartyLegalEntity><b:RegistrationName>Kunde AG</b:RegistrationName></a:PartyLegalEntity>
  </a:Party></a:AccountingCustomerParty>
  <a:PaymentMeans><b:PaymentMeansCode>58</b:PaymentMeansCode>
    <a:PayeeFinancialAccount><b:ID>DE75512108001245126199</b:ID></a:PayeeFinancialAccount></a:PaymentMeans>
  <a:PaymentTerms><b:Note>Wird verrechnet</b:Note></a:PaymentTerms>
  <a:TaxTotal><b:TaxAmount currencyID="EUR">3.80</b:TaxAmount></a:TaxTotal>
  <a:LegalMonetaryTotal>
    <b:LineExtensionAmount currencyID="EUR">20.00</b:LineExtensionAmount>
    <b:TaxExclusiveAmount currencyID="EUR">20.00</b:TaxExclusiveAmount>
    <b:TaxInclusiveAmount currencyID="EUR">23.80</b:TaxInclusiveAmount>
    <b:PayableAmount currencyID="EUR">23.80</b:PayableAmount>
  </a:LegalMonetaryTotal>
  <a:CreditNoteLine><b:ID>1</b:ID><b:CreditedQuantity unitCode="H87">2</b:CreditedQuantity>
    <b:LineExtensionAmount currencyID="EUR">20.00</b:LineExtensionAmount>
    <a:Item><b:Name>Returned cable</b:Name><a:ClassifiedTaxCategory><b:ID>S</b:ID><b:Percent>19</b:Percent></a:ClassifiedTaxCategory></a:Item>
    <a:Price><b:PriceAmount currencyID="EUR">10.00</b:PriceAmount></a:Price>
  </a:CreditNoteLine>
</CreditNote>`;

describe('readEInvoice', () => {
  it('reads a UBL 2.1 credit note whatever its namespace prefixes', () => {
    const reading = readEInvoice(UBL_CREDIT_NOTE);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.invoice).toMatchObject({
      syntax: 'UBL',
      typeCode: '381',
      documentType: 'creditNote',
      number: 'GS-2024-17',
      issueDate: '2024-03-05',
      currency: 'EUR',
      seller: { name: 'Muster Trading GmbH', vatId: 'DE136695976', country: 'DE' },
      buyer: { name: 'Kunde AG', vatId: null },
      netTotal: '20.00',
      taxTotal: '3.80',
      grandTotal: '23.80',
      amountDue: '23.80',
      paymentTerms: 'Wird verrechnet',
      iban: 'DE75512108001245126199',
      lines: [
        {
          id: '1',
          name: 'Returned cable',
          quantity: '2',
          unitCode: 'H87',
          unitPrice: '10.00',
          netAmount: '20.00',
          taxRate: '19',
        },
      ],
    });
  });

  it('reads a stand-alone XRechnung 3.0 invoice in UBL syntax with its line items', () => {
    const truth = JSON.parse(readFixtureText('einvoices/de_xrechnung_ubl_rechnung.json')) as Record<string, unknown>;
    const reading = readEInvoice(readFixtureText('einvoices/de_xrechnung_ubl_rechnung.xml'));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.invoice).toMatchObject({
      syntax: 'UBL',
      profile: expect.stringContaining('xrechnung_3.0'),
      documentType: 'invoice',
      number: truth.invoiceNumber,
      issueDate: truth.date,
      dueDate: truth.dueDate,
      currency: truth.currency,
      seller: { name: truth.issuer, vatId: truth.vendorTaxId, country: 'DE' },
      netTotal: (truth.netAmount as number).toFixed(2),
      taxTotal: (truth.taxAmount as number).toFixed(2),
      grandTotal: (truth.totalAmount as number).toFixed(2),
      iban: truth.iban,
    });
    expect(reading.invoice.lines).toHaveLength(truth.lineItemCount as number);
    // The lines add up to the net total, as EN 16931's BR-CO-10 asks.
    const lines = reading.invoice.lines.reduce((sum, line) => sum + Number(line.netAmount), 0);
    expect(lines.toFixed(2)).toBe(reading.invoice.netTotal);
  });

  it('says why broken XML and XML that is not an invoice are not read', () => {
    const broken = readEInvoice('<Invoice><ID>1</Invoice>');
    expect(broken).toMatchObject({ ok: false });
    expect(!broken.ok && broken.reason).toMatch(/not well-formed/);
    const order = readEInvoice('<?xml version="1.0"?><Order xmlns="urn:x"><ID>7</ID></Order>');
    expect(!order.ok && order.reason).toMatch(/root element is Order/);
    const empty = readEInvoice('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(!empty.ok && empty.reason).toMatch(/no invoice number/);
  });

  it('normalises XML decimals and dates', () => {
    expect(decimal('119')).toBe('119.00');
    expect(decimal('205.9000')).toBe('205.90');
    expect(decimal('-12.345')).toBe('-12.345');
    expect(decimal('1,5')).toBeNull();
    expect(isoDate('20260815')).toBe('2026-08-15');
    expect(isoDate('2024-02-30')).toBeNull();
  });
});

describe('readEmbeddedEInvoice', () => {
  it('reads a Factur-X EN 16931 invoice from the PDF attachment with its line items', async () => {
    const found = await readEmbeddedEInvoice(dev('fr_hotel_pacano_facturx.pdf'));
    expect(found.status).toBe('invoice');
    if (found.status !== 'invoice') return;
    expect(found.file.fileName).toBe('factur-x.xml');
    expect(found.invoice).toMatchObject({
      syntax: 'CII',
      profile: 'urn:cen.eu:en16931:2017',
      documentType: 'invoice',
      number: '2023-6013',
      issueDate: '2023-09-20',
      dueDate: '2023-10-19',
      currency: 'EUR',
      seller: { name: 'Société Hôtelière du Pacano', vatId: 'FR40123456824' },
      buyer: { name: 'Securibox SARL', vatId: 'FR38500003710' },
      netTotal: '1245.30',
      taxTotal: '123.54',
      grandTotal: '1368.84',
      amountDue: '915.86',
      paymentTerms: '30 jours net',
      iban: 'FR7430003000402964223654P78',
    });
    expect(found.invoice.lines.map((line) => [line.name, line.quantity, line.netAmount])).toEqual([
      ['Chambre du 09/08/2023 au 15/08/2023', '6.0000', '1235.40'],
      ['Forfait taxe de séjour', '6.0000', '9.90'],
    ]);
  });

  it('reads ZUGFeRD 1.0 (CrossIndustryDocument)', async () => {
    const found = await readEmbeddedEInvoice(dev('de_konik_acme_zugferd1.pdf'));
    expect(found.status === 'invoice' && found.invoice).toMatchObject({
      syntax: 'ZUGFeRD1',
      profile: 'urn:ferd:CrossIndustryDocument:invoice:1p0:basic',
      grandTotal: '119.00',
      currency: 'EUR',
    });
  });

  it('rejects an attachment that is XML but no EN 16931 invoice, with the reason', async () => {
    const found = await readEmbeddedEInvoice(dev('pl_ksef_pdfmake_faktura.pdf'));
    expect(found).toEqual({
      status: 'rejected',
      reasons: [
        expect.stringMatching(/^invoice\.xml: the XML is not an EN 16931 invoice \(its root element is Faktura/),
      ],
    });
  });

  it('finds nothing in a PDF without attachments', async () => {
    expect(await readEmbeddedEInvoice(dev('en_acme_ltd_invoice.pdf'))).toEqual({ status: 'none' });
  });
});
