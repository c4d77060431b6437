import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../pdf/extract-pdf-text.js';
import { readFixtureText } from '../testing/fixtures.js';
import { readEInvoice } from './read-einvoice.js';
import { renderEInvoicePdf, renderLocaleOf } from './render-einvoice.js';

const invoice = () => {
  const reading = readEInvoice(readFixtureText('einvoices/fr_hotel_pacano_factur-x.xml'));
  if (!reading.ok) throw new Error(reading.reason);
  return reading.invoice;
};

describe('renderEInvoicePdf', () => {
  it('renders one page per section with a text layer, in the language asked for', async () => {
    const pages = await extractPdfText(await renderEInvoicePdf(invoice(), 'de'));
    expect(pages).toHaveLength(3);
    const [parties, lines, totals] = pages.map((page) => page.text);
    expect(parties).toContain('Rechnung 2023-6013');
    expect(parties).toContain('Rechnungsdatum: 20.09.2023');
    expect(parties).toContain('Société Hôtelière du Pacano');
    expect(parties).toContain('USt-IdNr.: FR40123456824');
    expect(lines).toContain('Chambre du 09/08/2023');
    expect(lines).toContain('1.235,40');
    expect(totals).toContain('Gesamtbetrag brutto: 1.368,84 EUR');
    expect(totals).toContain('IBAN: FR7430003000402964223654P78');
  });

  it('writes labels, dates and amounts the way each of the five languages does', async () => {
    const totalsOf = async (language: string) =>
      (await extractPdfText(await renderEInvoicePdf(invoice(), renderLocaleOf(language))))[2]?.text ?? '';
    expect(await totalsOf('fr-FR')).toContain('Total TTC: 1 368,84 EUR');
    expect(await totalsOf('en')).toContain('Total with VAT: 1,368.84 EUR');
    expect(await totalsOf('es')).toContain('Total con IVA: 1368,84 EUR');
    expect(await totalsOf('pt')).toContain('Total com IVA: 1.368,84 EUR');
    expect(renderLocaleOf('nl')).toBe('en');
  });
});
