// E-invoices through the processing stages: PDFs with an embedded EN 16931 XML (Factur-X) imported
// through the API and processed; their fields come from the XML (confidence 1, type eInvoiceField)
// checked against the printed page, their line items become the task's table, and a PDF whose XML
// is not an invoice is read from its pages with the reason in its timeline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import type { DocumentResult, Entity, OcrPageResult } from '../src/pipeline/documents/index.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { INVOICES_WS, importFile, setWorkspaceConfig } from './support/task-import.js';

const HEAVY_MS = 240_000;
const fixture = (path: string) => readFileSync(join(repoRoot, 'fixtures', path));
const devFixture = (name: string) => `invoices-dev/${name}`;

for (const kind of databaseKinds()) {
  describe(`e-invoices in the processing stages (${kind})`, () => {
    const t = useTestServer(kind, { resetEachTest: true });
    const db = () => t.server.database.db;

    async function process(name: string) {
      const token = await t.tokenFor(demoEmail('Administrator'));
      const answer = await importFile(
        t,
        token,
        { workspaceId: INVOICES_WS },
        { fileName: name, content: fixture(name) },
      );
      if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
      const taskId = answer.body.result.taskId;
      const task = await processTaskNow(t, taskId);
      const pages = await db()
        .selectFrom('task_pages')
        .selectAll()
        .where('task_id', '=', taskId)
        .orderBy('page_number')
        .execute();
      const documents = pages.map((page) => page.document as unknown as DocumentResult);
      const document: DocumentResult = {
        entities: documents.flatMap((result) => result.entities),
        tables: documents.flatMap((result) => result.tables),
      };
      const events = await db().selectFrom('task_events').selectAll().where('task_id', '=', taskId).execute();
      const byKey = new Map<string, Entity>(document.entities.map((entity) => [entity.category, entity]));
      const words = pages.map((page) =>
        (page.ocr as unknown as OcrPageResult).entities.map((word) => word.text).join(' '),
      );
      return { task, document, byKey, words, timeline: events.map((event) => event.description).join('\n') };
    }

    it('takes the fields and line items of a Factur-X PDF from its XML, placed on the page', {
      timeout: HEAVY_MS,
    }, async () => {
      const { task, document, byKey, timeline } = await process(devFixture('fr_hotel_pacano_facturx.pdf'));
      expect(task.status).toBe(60);
      // Supplier invoices detects InvoiceId, InvoiceDate, VendorName, VendorTaxId, InvoiceTotal.
      expect([...byKey.keys()].sort()).toEqual([
        'InvoiceDate',
        'InvoiceId',
        'InvoiceTotal',
        'VendorName',
        'VendorTaxId',
      ]);
      for (const entity of byKey.values()) expect(entity).toMatchObject({ type: 'eInvoiceField', confidence: 1 });
      expect(byKey.get('InvoiceTotal')?.keyValues[0]?.contentNormalized).toBe('1368.84');
      expect(byKey.get('InvoiceTotal')?.keyValues[0]?.boundingBox?.width).toBeGreaterThan(0);
      expect(byKey.get('VendorTaxId')?.keyValues[0]?.contentNormalized).toBe('FR40123456824');
      expect(byKey.get('VendorName')?.keyValues[0]?.contentNormalized).toBe('Société Hôtelière du Pacano');
      expect(task.average_confidence).toBe(1);
      expect(document.tables).toHaveLength(1);
      expect(document.tables[0]?.rowCount).toBe(2);
      expect(document.tables[0]?.tableRows['0']?.find((cell) => cell.headerId === 'Amount')?.content).toBe('1235.40');
      expect(timeline).toMatch(
        /E-invoice factur-x\.xml \(CII\) read: fields and 2 line items taken from the XML; the printed page agrees\./,
      );
    });

    it('flags a total the page prints differently from the XML, keeping both values', {
      timeout: HEAVY_MS,
    }, async () => {
      const { task, byKey, timeline } = await process(devFixture('de_weclapp_facturx.pdf'));
      expect(task.status).toBe(60);
      const total = byKey.get('InvoiceTotal');
      expect(total?.confidence).toBe(0.5);
      expect(total?.keyValues.map((value) => value.contentNormalized)).toEqual(['963.12', '963.11']);
      expect(byKey.get('InvoiceId')).toMatchObject({ confidence: 1, keyValues: [{ contentNormalized: 'RE1001' }] });
      expect(timeline).toMatch(
        /the printed page disagrees, flagged for review: .*InvoiceTotal printed 963\.12, XML 963\.11/,
      );
    });

    it('reads a PDF whose XML is not an e-invoice from its pages and says why', { timeout: HEAVY_MS }, async () => {
      const { task, byKey, timeline } = await process(devFixture('pl_ksef_pdfmake_faktura.pdf'));
      expect(task.status).toBe(60);
      // Read from the printed pages: layout fields (and whatever else the pages hold, PII among
      // them), none taken from the XML.
      expect([...byKey.values()].some((entity) => entity.type === 'field')).toBe(true);
      expect([...byKey.values()].some((entity) => entity.type === 'eInvoiceField')).toBe(false);
      expect(timeline).toMatch(
        /carries XML, but not an e-invoice this server reads, so the fields are read from the pages: invoice\.xml: the XML is not an EN 16931 invoice \(its root element is Faktura/,
      );
    });

    it('imports a stand-alone e-invoice XML as a task reviewed on a rendering of it, in the task language', {
      timeout: HEAVY_MS,
    }, async () => {
      await setWorkspaceConfig(t, INVOICES_WS, { languages: { languageCode: 'de' } });
      const { task, document, byKey, words, timeline } = await process('einvoices/fr_hotel_pacano_factur-x.xml');
      expect(task.status).toBe(60);
      expect(task.file_kind).toBe('pdf');
      expect(task.total_pages).toBe(3);
      expect(words[0]).toContain('Rechnung 2023-6013');
      expect(words[2]).toContain('Gesamtbetrag brutto: 1.368,84 EUR');
      for (const entity of byKey.values()) expect(entity).toMatchObject({ type: 'eInvoiceField', confidence: 1 });
      const total = byKey.get('InvoiceTotal');
      expect(total?.keyValues[0]?.contentNormalized).toBe('1368.84');
      expect(total?.pageNumber).toBe(3);
      expect(total?.keyValues[0]?.boundingBox?.width).toBeGreaterThan(0);
      expect(byKey.get('InvoiceDate')?.keyValues[0]?.contentNormalized).toBe('2023-09-20');
      expect(document.tables[0]?.rowCount).toBe(2);
      expect(timeline).toMatch(/E-invoice fr_hotel_pacano_factur-x\.xml \(CII\) read/);
    });

    it('imports a stand-alone XRechnung in UBL syntax the same way, with its seller, VAT id and lines', {
      timeout: HEAVY_MS,
    }, async () => {
      await setWorkspaceConfig(t, INVOICES_WS, { languages: { languageCode: 'fr' } });
      const { task, document, byKey, words, timeline } = await process('einvoices/de_xrechnung_ubl_rechnung.xml');
      expect(task.status).toBe(60);
      expect(task.total_pages).toBe(3);
      // The rendering speaks the task's language (French here), not the XML's.
      expect(words[0]).toContain('Facture RE-2025-0417');
      expect(words[0]).toContain('Kanzleibedarf Weber GmbH');
      expect(words[1]).toContain('Tonerkartusche schwarz');
      expect(words[2]).toMatch(/Total TTC: 693,74 EUR/);
      expect(words[2]).toContain('IBAN: DE89370400440532013000');
      for (const entity of byKey.values()) expect(entity).toMatchObject({ type: 'eInvoiceField', confidence: 1 });
      expect(byKey.get('InvoiceId')?.keyValues[0]?.contentNormalized).toBe('RE-2025-0417');
      expect(byKey.get('VendorName')?.keyValues[0]?.contentNormalized).toBe('Kanzleibedarf Weber GmbH');
      expect(byKey.get('VendorTaxId')?.keyValues[0]?.contentNormalized).toBe('DE298765435');
      expect(byKey.get('InvoiceTotal')?.keyValues[0]?.contentNormalized).toBe('693.74');
      expect(document.tables[0]?.rowCount).toBe(3);
      expect(timeline).toMatch(/E-invoice de_xrechnung_ubl_rechnung\.xml \(UBL\) read/);
      // A VAT id that passes its check digits is not flagged.
      expect(timeline).not.toMatch(/failing their country's check digits/);
    });

    it('refuses a broken e-invoice XML with the reason, keeping the task', { timeout: HEAVY_MS }, async () => {
      const token = await t.tokenFor(demoEmail('Administrator'));
      const broken = Buffer.from(
        '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>',
      );
      const answer = await importFile(
        t,
        token,
        { workspaceId: INVOICES_WS },
        { fileName: 'broken.xml', content: broken },
      );
      if (answer.status !== 200 || !answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
      const task = await processTaskNow(t, answer.body.result.taskId);
      expect(task.status).toBe(405);
      expect(task.last_error).toMatch(
        /'broken\.xml' looks like an e-invoice but cannot be read: the XML is not well-formed/,
      );
    });
  });
}
