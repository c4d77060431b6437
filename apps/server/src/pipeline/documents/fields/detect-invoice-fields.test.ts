import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../pdf/extract-pdf-text.js';
import { contractErrors } from '../testing/contract-schemas.js';
import { readFixture, readFixtureText } from '../testing/fixtures.js';
import { syntheticPage } from '../testing/synthetic-page.js';
import type { Entity } from '../types.js';
import { calibratedConfidence } from './calibrate-confidence.js';
import { detectInvoiceFields, scoreInvoiceFields } from './detect-invoice-fields.js';

const INVOICES = [
  'AmazonWebServices',
  'AzureInterior',
  'FlipkartInvoice',
  'NetpresseInvoice',
  'QualityHosting',
  'SammyMaystoneLinesTest',
  'coolblue1',
  'coolblue2',
  'free_fiber',
  'oyo',
  'saeco',
];

interface Truth {
  invoice_number?: string;
  date?: string;
  amount?: number;
  currency?: string;
}

const value = (entities: Entity[], category: string) =>
  entities.find((entity) => entity.category === category)?.keyValues[0];

describe('detectInvoiceFields on the invoice2data fixtures', async () => {
  const results = await Promise.all(
    INVOICES.map(async (name) => ({
      name,
      truth: JSON.parse(readFixtureText(`invoices/${name}.json`))[0] as Truth,
      entities: detectInvoiceFields(await extractPdfText(readFixture(`invoices/${name}.pdf`))),
    })),
  );
  const share = (check: (result: (typeof results)[number]) => boolean | null) => {
    const outcomes = results.map(check).filter((outcome) => outcome !== null);
    return outcomes.filter(Boolean).length / outcomes.length;
  };

  // Floors, not targets: the benchmark prints the exact figures.
  it('finds the invoice number of nearly every invoice', () => {
    expect(
      share(
        ({ truth, entities }) =>
          value(entities, 'InvoiceId')?.contentNormalized === truth.invoice_number?.replace(/^#/, ''),
      ),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the issue date of nearly every invoice', () => {
    expect(
      share(({ truth, entities }) => value(entities, 'InvoiceDate')?.contentNormalized === truth.date),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the total and the currency of nearly every invoice', () => {
    const totals = share(({ truth, entities }) =>
      truth.amount === undefined ? null : Number(value(entities, 'InvoiceTotal')?.contentNormalized) === truth.amount,
    );
    expect(totals).toBeGreaterThanOrEqual(0.9);
    expect(
      share(({ truth, entities }) => value(entities, 'Currency')?.contentNormalized === truth.currency),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('gives every field the box of its words, a confidence and a contract shape', () => {
    for (const { entities } of results) {
      for (const entity of entities) {
        const keyValue = entity.keyValues[0];
        expect(keyValue?.boundingBox?.width).toBeGreaterThan(0);
        expect(keyValue?.confidence).toBeGreaterThan(0);
        expect(keyValue?.confidence).toBeLessThanOrEqual(1);
      }
      expect(contractErrors('DocumentResult', { entities, tables: [] })).toBeNull();
    }
  });

  it('points at the words the value was read from', () => {
    const coolblue = results.find((result) => result.name === 'coolblue1');
    const total = value(coolblue?.entities ?? [], 'InvoiceTotal');
    expect(total).toMatchObject({ content: '€ 717,97', contentNormalized: '717.97' });
    expect(total?.spans).toHaveLength(1);
  });
});

describe('detectInvoiceFields layout rules', () => {
  it('reads values under column labels', () => {
    const page = syntheticPage(
      [
        'Invoice Date:     Due Date:       Reference:',
        '03/20/2023        04/04/2023      CUSTREF123',
        '',
        'Total             $ 279.84',
      ].join('\n'),
    );
    const entities = detectInvoiceFields([page]);
    expect(value(entities, 'InvoiceDate')?.contentNormalized).toBe('2023-03-20');
    expect(value(entities, 'DueDate')?.contentNormalized).toBe('2023-04-04');
    expect(value(entities, 'InvoiceTotal')?.contentNormalized).toBe('279.84');
  });

  it('reads Portuguese labels and amounts', () => {
    const page = syntheticPage(
      [
        'Fatura nº FT 2024/123',
        'Data de emissão: 15/01/2024',
        'Vencimento: 14/02/2024',
        'Total sem IVA 100,00 €',
        'IVA 23% 23,00 €',
        'Total a pagar 123,00 €',
      ].join('\n'),
    );
    const entities = detectInvoiceFields([page]);
    expect(value(entities, 'InvoiceDate')?.contentNormalized).toBe('2024-01-15');
    expect(value(entities, 'DueDate')?.contentNormalized).toBe('2024-02-14');
    expect(value(entities, 'SubTotal')?.contentNormalized).toBe('100.00');
    expect(value(entities, 'TotalTax')?.contentNormalized).toBe('23.00');
    expect(value(entities, 'InvoiceTotal')?.contentNormalized).toBe('123.00');
    expect(value(entities, 'Currency')?.contentNormalized).toBe('EUR');
  });

  it('uses the receipt vocabulary for receipts', () => {
    const page = syntheticPage(['Receipt No: R-0042', 'Date: 02/03/2024', 'Total 12,50 €'].join('\n'));
    const categories = detectInvoiceFields([page], { documentKind: 'Receipt' }).map((entity) => entity.category);
    expect(categories).toEqual(expect.arrayContaining(['ReceiptId', 'TransactionDate', 'Total', 'Currency']));
  });

  it('scales confidence by how sure OCR was of the words', () => {
    const page = (engine: number) => [syntheticPage('Invoice Number: 42183017', 1, engine)];
    // The raw score halves; what comes out is that score calibrated (calibrate-confidence.ts).
    const raw = value(scoreInvoiceFields(page(1)), 'InvoiceId')?.confidence ?? 0;
    expect(value(scoreInvoiceFields(page(0.5)), 'InvoiceId')?.confidence).toBeCloseTo(raw / 2, 5);
    const sure = value(detectInvoiceFields(page(1)), 'InvoiceId')?.confidence ?? 0;
    const unsure = value(detectInvoiceFields(page(0.5)), 'InvoiceId')?.confidence ?? 1;
    expect(unsure).toBeCloseTo(calibratedConfidence(raw / 2), 5);
    expect(unsure).toBeLessThan(sure);
  });

  it('reads a bare number sign that starts its column as the bill number, not one after another word', () => {
    const bill = syntheticPage(
      [
        '                                        Factura',
        'Empresa de Prueba                       Nº:',
        '                                        4000-12345678',
        'Capital Federal                         Fecha: 27/03/2011',
        'Remito Nº: 5566',
        'Total: 122,00',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([bill]), 'InvoiceId')?.contentNormalized).toBe('4000-12345678');
    const delivery = syntheticPage(['Factura', 'Remito Nº: 5566', 'Total: 122,00'].join('\n'));
    expect(value(detectInvoiceFields([delivery]), 'InvoiceId')?.contentNormalized).not.toBe('5566');
  });

  it('takes the whole centred company name under a centred seller label over a person beside another', () => {
    const page = syntheticPage(
      [
        'NOTA FISCAL Nº 17',
        '                         EMITENTE',
        '                 Plotag Sistemas e Suprimentos Ltda',
        'Vendedor: 1 - Guilherme Kavedikado',
        'TOTAL 120,00',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).toBe(
      'Plotag Sistemas e Suprimentos Ltda',
    );
  });

  it('never takes for the seller a title block that a buyer label names, even when another buyer name won', () => {
    const page = syntheticPage(
      [
        'Factuuradres                  Afleveradres',
        'Strategic Corp                bosd',
        'T.a.v. bosd                   Fakestreet 46',
        'Fakestreet 46',
        '',
        'Factuur VF1005193039',
        'Factuur totaal EUR 49,99',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).not.toBe('Strategic Corp');
  });

  it('reads a short invoice number after a specific label', () => {
    const entities = detectInvoiceFields([syntheticPage('Rechnung Nr. 42\nRechnungsbetrag 119,00 EUR')]);
    expect(value(entities, 'InvoiceId')?.contentNormalized).toBe('42');
  });

  it('takes the currency from an ISO code written as one, and "$" for the dollar the page names', () => {
    const dem = detectInvoiceFields([syntheticPage('Währung DEM\nTotal Amount (DEM)   37.763,70')]);
    expect(value(dem, 'Currency')?.contentNormalized).toBe('DEM');
    const mxn = detectInvoiceFields([syntheticPage('Moneda: MXN\nSubtotal $2,000.00\nTotal $2,320.00')]);
    expect(value(mxn, 'Currency')?.contentNormalized).toBe('MXN');
    // A three-letter word that is not written as a currency does not vote.
    const plain = detectInvoiceFields([syntheticPage('ALL ITEMS SHIPPED\nTotal 12.50 €')]);
    expect(value(plain, 'Currency')?.contentNormalized).toBe('EUR');
  });

  it('chooses the grand total by arithmetic: subtotal plus tax, not the first "Total" line', () => {
    const page = syntheticPage(
      [
        'Item A      Total            50.00',
        'Subtotal                    100.00',
        'VAT 19%                      19.00',
        'Balance                     119.00',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'InvoiceTotal')?.contentNormalized).toBe('119.00');
  });

  it('does not let a right-aligned grand total lose to a nearer weaker total label', () => {
    const page = syntheticPage(
      [
        'Total Charges and Allowances 42.28 € -720.03 €',
        'Grand Total                                                        24,919.99 €',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'InvoiceTotal')?.contentNormalized).toBe('24919.99');
  });

  it('fills no invoice fields on a document that is not a bill (a letter, a report)', () => {
    const letter = syntheticPage(
      [
        'Muster Consulting GmbH',
        'Berlin, 12.03.2024',
        'Quarterly report on the project',
        'The work went as planned; the next steps are listed below.',
      ].join('\n'),
    );
    expect(detectInvoiceFields([letter])).toEqual([]);
    const bill = syntheticPage(['Muster Consulting GmbH', 'Rechnung', 'Berlin, 12.03.2024'].join('\n'));
    expect(value(detectInvoiceFields([bill]), 'VendorName')?.contentNormalized).toBe('Muster Consulting GmbH');
  });

  it('fills no invoice fields on real reports whose prose says "receipt", "avoir" or "bon"', async () => {
    // A state's layoff report (a table with "Bon Appetit" in it), a French town plan ("avoir" is
    // also the verb "to have") and a Federal Register notice ("shortly after receipt").
    for (const name of [
      'multipage/WARN-Report-2015-2016.pdf',
      'multipage/chelsea_pdta_fr.pdf',
      'multipage/federal-register-2020-17221.pdf',
    ]) {
      expect(detectInvoiceFields(await extractPdfText(readFixture(`pdfs/${name}`))), name).toEqual([]);
    }
  });

  it('takes a title or a numbered name of the bill as its type, whatever the language', () => {
    for (const title of ['AVOIR N° 2024-031', 'Credit note', 'Tax Invoice', 'Bon-Nr.:6197', 'Nota Fiscal']) {
      const page = syntheticPage(['Muster Consulting GmbH', title, 'Berlin, 12.03.2024'].join('\n'));
      expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized, title).toBe('Muster Consulting GmbH');
    }
  });

  it("keeps a credit note's total negative as it is printed", () => {
    const page = syntheticPage(
      ['Muster Consulting GmbH', 'Gutschrift Nr. 2024-031', 'Netto 100,00- EUR', 'Gesamtbetrag 119,00- EUR'].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'InvoiceTotal')?.contentNormalized).toBe('-119.00');
  });

  it('takes the issuer from the sender line over the address window, not the buyer under it', () => {
    const page = syntheticPage(
      [
        'Muster Software | Hauptstraße 1 | 10115 Berlin',
        'Beispiel Handel AG',
        'Feldweg 3',
        'Rechnung Nr. 2024-17',
        'Gesamtbetrag 119,00 EUR',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).toBe('Muster Software');
  });

  it('takes the issuer from a name repeated in letterhead and footer over a buyer with a legal form', () => {
    const lines = Array.from({ length: 40 }, () => '');
    lines[0] = 'FACTURE n° 2023-6026';
    lines[3] = 'Hôtel du Parc';
    lines[8] = 'Client Services SARL';
    lines[12] = 'Total TTC 228,14 €';
    lines[39] = 'Hôtel du Parc';
    const page = syntheticPage(lines.join('\n'));
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).toBe('Hôtel du Parc');
  });

  it('reads a total grouped by plain spaces when it stands alone after its label', () => {
    const page = syntheticPage('Faktura VAT nr FV/7/2023\nUsługa 2 180,00\nDo zapłaty: 12 480,75 PLN');
    const entities = detectInvoiceFields([page]);
    expect(value(entities, 'InvoiceTotal')?.contentNormalized).toBe('12480.75');
    expect(value(entities, 'InvoiceTotal')?.content).toBe('12 480,75');
    expect(value(entities, 'Currency')?.contentNormalized).toBe('PLN');
    expect(value(entities, 'InvoiceId')?.content).toBe('FV/7/2023');
  });
});

describe('detectInvoiceFields: general layout rules', () => {
  it("reads a date after its label's qualifying clause, past a tax word in it", () => {
    const page = syntheticPage(
      [
        'Faktura VAT FA/12/2025',
        'Data wystawienia, z zastrzeżeniem art. 106 ust. 1 ustawy: 31.10.2025',
        'Data dostawy:',
        '03.10.2025',
        'Razem 123,00 PLN',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'InvoiceDate')?.contentNormalized).toBe('2025-10-31');
  });

  it('takes "M.N." (moneda nacional) beside "$" for the Mexican peso', () => {
    const page = syntheticPage(['Factura A 12', 'Total: $1,160.00', 'MIL CIENTO SESENTA PESOS 00/100 M.N.'].join('\n'));
    expect(value(detectInvoiceFields([page]), 'Currency')?.contentNormalized).toBe('MXN');
  });

  it("takes the document's own number, not the one of the invoice it refers to", () => {
    const page = syntheticPage(
      ['Corrected invoice No. 2024-0002', '   for invoice No. 2024-0001 from 12 Sep 2024', 'Total 10.00 EUR'].join(
        '\n',
      ),
    );
    expect(value(detectInvoiceFields([page]), 'InvoiceId')?.contentNormalized).toBe('2024-0002');
  });

  it('reads the sender after "From:" and not a heading a column away from a party label', () => {
    const page = syntheticPage(
      [
        'Invoice 17',
        'FROM: Northwind Traders            TO: Jane Roe',
        'Total 12.00 USD',
        '',
        'Datos del emisor                                        Datos adicionales emisor',
        'Contoso Servicios SC                                    Regimen Fiscal 601',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).toBe('Northwind Traders');
    const cfdi = syntheticPage(
      [
        'Factura 17',
        'Datos del emisor                                        Datos adicionales emisor',
        'Contoso Servicios SC                                    Regimen Fiscal 601',
        'Total: $1,160.00',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([cfdi]), 'VendorName')?.contentNormalized).toBe('Contoso Servicios SC');
  });

  it('takes a web address with a legal form as a company name', () => {
    const page = syntheticPage(
      ['Jane Roe', 'Main Street 1', '', 'example.com b.v.', 'Factuur 17', 'Totaal € 12,00'].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).toBe('example.com b.v.');
  });

  it('reads a date-shaped token after a number label with little certainty', () => {
    const dated = detectInvoiceFields([syntheticPage('Facture du 11/12/2022\nTotal TTC 24,00 €')]);
    const numbered = detectInvoiceFields([syntheticPage('Facture n° 2022-118\nTotal TTC 24,00 €')]);
    expect(value(numbered, 'InvoiceId')?.contentNormalized).toBe('2022-118');
    expect(value(dated, 'InvoiceId')?.confidence ?? 0).toBeLessThan(
      (value(numbered, 'InvoiceId')?.confidence ?? 0) - 0.2,
    );
  });
});

// The same rules on the words and boxes of real documents (fixtures/invoices-dev, SOURCES.md):
// each case is one layout rule that holds on documents in general, seen where a real page needs it.
describe('detectInvoiceFields: words with boxes on real pages', async () => {
  const read = async (name: string) =>
    detectInvoiceFields(await extractPdfText(readFixture(`invoices-dev/${name}.pdf`)));

  it('reads a Czech invoice: the number after its title, the seller under "Dodavatel", a total grouped by spaces', async () => {
    const found = await read('cs_fakturoid_faktura');
    const truth = JSON.parse(readFixtureText('invoices-dev/cs_fakturoid_faktura.json')) as Record<string, unknown>;
    expect(value(found, 'InvoiceId')?.contentNormalized).toBe(truth.invoiceNumber);
    expect(value(found, 'VendorName')?.contentNormalized).toBe(truth.issuer);
    expect(value(found, 'InvoiceTotal')?.contentNormalized).toBe((truth.totalAmount as number).toFixed(2));
  });

  it('does not read "Faktura" heading another word as the label of a number', async () => {
    const found = await read('pl_ksef_fop_faktura');
    expect(value(found, 'InvoiceId')?.contentNormalized).toBe('2/11/2023');
  });

  it('reads the number under a title past a date-shaped line ("FACTURE" / date / "nº …")', async () => {
    expect(value(await read('fr_hotel_pacano_word'), 'InvoiceId')?.contentNormalized).toBe('2023-6026');
  });

  it('reads a value that wrapped to the start of the next line, not the value of the label under it', async () => {
    expect(value(await read('nl_circle_betaaloverzicht'), 'InvoiceId')?.contentNormalized).toBe('3906541086000');
  });

  it("takes the letterhead's name block, not the title in its column nor the tagline under it", async () => {
    expect(value(await read('en_market_financial_invoice'), 'VendorName')?.contentNormalized).toBe(
      'Market Financial Consulting',
    );
  });

  it('reads a CFDI\'s "Folio", not the fiscal UUID of its "Folio fiscal"', async () => {
    expect(value(await read('es_mx_cfdi33_factura'), 'InvoiceId')?.contentNormalized).toBe('167ABC');
  });

  it('reads a labelled document date over a printing timestamp, and ends a letterhead name at "Tel:"', async () => {
    const entities = await read('de_vordefinierte_firma_dem_facturx');
    expect(value(entities, 'InvoiceDate')?.contentNormalized).toBe('1997-01-07');
    expect(value(entities, 'VendorName')?.contentNormalized).toBe('Die Vordefinierte Firma');
    expect(value(entities, 'SubTotal')?.contentNormalized).toBe('32838.00');
    expect(value(entities, 'TotalTax')?.contentNormalized).toBe('4925.70');
  });

  it('reads a date written as eight digits after its label', async () => {
    expect(value(await read('fr_atelier_berthier_facturx'), 'InvoiceDate')?.contentNormalized).toBe('2026-08-15');
  });

  it('does not take a "Bill To" column for a reference to another invoice', async () => {
    const entities = await read('en_stanford_plumbing_invoice');
    expect(value(entities, 'InvoiceId')?.contentNormalized).toBe('INV03051');
    expect(value(entities, 'InvoiceDate')?.contentNormalized).toBe('2018-10-18');
  });

  it('takes the total before a payment, not the balance left to pay, when the sum is printed', () => {
    const page = syntheticPage(
      [
        'Invoice # 23413561',
        'Balance Due:                 $4,647.68',
        '',
        'Shipping:                      $199.99',
        'Tota                        $19,647.68',
        'Amount Paid                 $15,000.00',
      ].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'InvoiceTotal')?.contentNormalized).toBe('19647.68');
  });

  it('reads no total from a "Total" column header over the lines, and still knows the bill', () => {
    const page = syntheticPage(
      [
        'Maison Test, Place du Marché 11/12/2022 12h42',
        '              Description            Total',
        '              Entrée plein tarif     6,00€',
        '              Entrée tarif réduit    3,50€',
        '                          Payé       9,50€',
      ].join('\n'),
    );
    const entities = detectInvoiceFields([page]);
    expect(value(entities, 'InvoiceTotal')?.contentNormalized).toBe('9.50');
    expect(value(entities, 'VendorName')?.contentNormalized).toBe('Maison Test');
  });

  it('reads a receipt number after OCR noise in place of the colon ("Bon-Nr ,;1433")', () => {
    const page = syntheticPage(['SUMME EUR 0,99', '04.12.2014 11:26 Bon-Nr ,;1433'].join('\n'));
    expect(value(detectInvoiceFields([page]), 'InvoiceId')?.contentNormalized).toBe('1433');
  });

  it('reads the number of a Brazilian service invoice under "NÚMERO DA NFS-e"', async () => {
    expect(value(await read('pt_br_danfse_nfse'), 'InvoiceId')?.contentNormalized).toBe('999');
  });

  it('reads a Czech "Faktura č." number across the title\'s column gap', async () => {
    expect(value(await read('cs_invoice_printer_bilingual'), 'InvoiceId')?.contentNormalized).toBe('198900000001');
  });

  it("reads a credit note's own number", async () => {
    expect(value(await read('en_acme_ltd_credit_note'), 'InvoiceId')?.contentNormalized).toBe('1234567890');
  });

  it('takes a company in capitals with its legal form, not the country ending two address blocks', async () => {
    expect(value(await read('en_tinyzimmertech_invoice'), 'VendorName')?.contentNormalized).toBe('TINYZIMMERTECH LTD');
  });

  it('takes the payee of "Make all checks payable to …" as the issuer when no label names it', () => {
    const page = syntheticPage(
      ['INVOICE 42', 'Total 120.00', 'Make all checks payable to Harbour Tools', 'Thank you'].join('\n'),
    );
    expect(value(detectInvoiceFields([page]), 'VendorName')?.contentNormalized).toBe('Harbour Tools');
  });
});
