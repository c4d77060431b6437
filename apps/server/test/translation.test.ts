// Translation tasks end to end: a Translation workspace (English → Spanish, the pair Apertium ships
// in Debian), an import refused when the pair is not offered (with the spec's context codes and the
// pairs that are), and a real English PDF processed through the stages, translated by Apertium, and
// exported in Json, Xml, Excel, Csv with its Spanish text, and read page by page in both languages
// (Viewer/Translation, per role, workspace and tenant). Translation tasks skip review (spec §4).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { codeOf, type ErrorBody } from './support/answers.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, useTestServer } from './support/harness.js';
import { withoutMemberships } from './support/list-fixtures.js';
import { processTaskNow } from './support/processed-task.js';
import { CONTRACTS_WS, importFile, setWorkspaceConfig } from './support/task-import.js';

const crazyOnes = () => ({
  fileName: 'crazyones.pdf',
  content: readFileSync(join(repoRoot, 'fixtures', 'edge_cases', 'pdf', 'crazyones.pdf')),
  contentType: 'application/pdf',
});

describe.each(databaseKinds())('translation tasks on %s', (kind) => {
  const t = useTestServer(kind);
  let creator: string;

  beforeEach(async () => {
    await t.reset();
    creator = await t.tokenFor(demoEmail('Creator'));
    // The custom contracts workspace becomes a Translation workspace from English to Spanish.
    await t.server.database.db
      .updateTable('workspaces')
      .set({ task_type: 'Translation' })
      .where('id', '=', CONTRACTS_WS)
      .execute();
    await setWorkspaceConfig(t, CONTRACTS_WS, {
      languages: { inputLanguageCode: 'en-US', outputLanguageCode: 'es-ES' },
    });
  });

  it('refuses a pair the engine does not offer, saying which it does', async () => {
    const german = await importFile(
      t,
      creator,
      { workspaceId: CONTRACTS_WS, context: { inputLanguage: 'de-DE' } },
      crazyOnes(),
    );
    expect(german.status).toBe(400);
    expect(codeOf(german.body)).toBe(1024);
    expect((german.body as ErrorBody).message ?? JSON.stringify(german.body)).toMatch(/German → Spanish/);
    expect(JSON.stringify(german.body)).toMatch(/English → Spanish/);

    const toGerman = await importFile(
      t,
      creator,
      { workspaceId: CONTRACTS_WS, context: { outputLanguage: 'de-DE' } },
      crazyOnes(),
    );
    expect(toGerman.status).toBe(400);
    expect(codeOf(toGerman.body)).toBe(1025);

    await setWorkspaceConfig(t, CONTRACTS_WS, { languages: {} });
    const none = await importFile(t, creator, { workspaceId: CONTRACTS_WS }, crazyOnes());
    expect(none.status).toBe(400);
    expect(codeOf(none.body)).toBe(1024);
    // The task's own languages stand in for the workspace's.
    const own = await importFile(
      t,
      creator,
      { workspaceId: CONTRACTS_WS, context: { inputLanguage: 'en', outputLanguage: 'es' } },
      crazyOnes(),
    );
    expect(own.status).toBe(200);
  });

  it('translates an English PDF into Spanish, skips review and exports the translation', async () => {
    const imported = await importFile(t, creator, { workspaceId: CONTRACTS_WS }, crazyOnes());
    expect(imported.status).toBe(200);
    const taskId = imported.body.result?.taskId as string;
    const done = await processTaskNow(t, taskId);
    // Past review: queued for export (90) or exported (100).
    expect([90, 100]).toContain(done.status);
    expect(done.translation).toEqual({ from: 'en', to: 'es', engine: 'apertium' });
    const page = await t.server.database.db
      .selectFrom('task_pages')
      .select(['translated_text'])
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(page.translated_text).toMatch(/locos/);
    // A sentence broken over two lines is one paragraph of the translation.
    expect(page.translated_text).not.toMatch(/\n(?:[a-z])/);

    const admin = await t.tokenFor(demoEmail('Administrator'));
    const exportAs = async (exportType: number, token = admin) =>
      t.server.app
        .inject({
          method: 'POST',
          url: '/api/v1/SdTask/Export',
          headers: { authorization: `Bearer ${token}` },
          payload: { workspaceId: CONTRACTS_WS, type: 10, allSelected: false, taskIdList: [taskId], exportType },
        })
        .then((response) => response);
    const json = await exportAs(2);
    expect(json.statusCode).toBe(200);
    const exported = JSON.parse(json.body) as { translation?: { from: string; to: string; pages: { text: string }[] } };
    expect(exported.translation).toMatchObject({ from: 'en', to: 'es', engine: 'apertium' });
    expect(exported.translation?.pages[0]?.text).toMatch(/locos/);
    const xlsx = await exportAs(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Translation en-es');
    expect(String(sheet?.getRow(2).getCell(2).value)).toMatch(/locos/);
    const xml = await exportAs(3);
    expect(xml.body).toMatch(/<translation from="en" to="es" engine="apertium">/);
    // Another tenant cannot export it.
    expect((await exportAs(2, await t.tokenFor(GLOBEX_ADMIN))).statusCode).toBe(403);
    const csv = await exportAs(1);
    expect(csv.body).toMatch(/\r\nTranslation,en-es,,1,,,,[^\r]*locos/);

    // Read in the app (Viewer/Translation): both languages page by page, for whoever reaches the task.
    const read = (token: string, id = taskId) => t.call('GET', `/api/v1/Viewer/Translation/${id}`, { token });
    const answer = await read(creator);
    expect(answer.status).toBe(200);
    const translation = answer.body as {
      inputLanguage: string;
      outputLanguage: string;
      engine: string;
      passages: Array<{ pageNumber: number; startTimeSeconds: null; sourceText: string; text: string }>;
    };
    expect(translation).toMatchObject({ inputLanguage: 'en', outputLanguage: 'es', engine: 'apertium' });
    expect(translation.passages).toHaveLength(1);
    expect(translation.passages[0]).toMatchObject({ pageNumber: 1, startTimeSeconds: null, speakerName: null });
    expect(translation.passages[0]?.sourceText).toMatch(/crazy ones/i);
    expect(translation.passages[0]?.text).toBe(page.translated_text);
    for (const role of ['Administrator', 'Manager', 'Reviewer']) {
      expect((await read(await t.tokenFor(demoEmail(role)))).status, role).toBe(200);
    }
    // Another tenant's administrator, and a reviewer without the workspace, find no such task.
    const elsewhere = await read(await t.tokenFor(GLOBEX_ADMIN));
    expect(elsewhere.status).toBe(404);
    expect(codeOf(elsewhere.body)).toBe(9);
    expect(JSON.stringify(elsewhere.body)).not.toMatch(/locos/);
    await withoutMemberships(t.server.database.db);
    expect((await read(await t.tokenFor(demoEmail('Reviewer')))).status).toBe(404);
    expect((await read(await t.tokenFor(demoEmail('Administrator')))).status).toBe(200);
    expect((await t.call('GET', `/api/v1/Viewer/Translation/${taskId}`)).status).toBe(401);
  }, 240_000);

  it('answers NotReadyYet until the task is translated, and 404 for a task that is not a translation', async () => {
    const imported = await importFile(t, creator, { workspaceId: CONTRACTS_WS }, crazyOnes());
    const taskId = imported.body.result?.taskId as string;
    const early = await t.call('GET', `/api/v1/Viewer/Translation/${taskId}`, { token: creator });
    expect(early.status).toBe(400);
    expect(codeOf(early.body)).toBe(4);
    await t.server.database.db
      .updateTable('workspaces')
      .set({ task_type: 'Custom' })
      .where('id', '=', CONTRACTS_WS)
      .execute();
    const other = await t.call('GET', `/api/v1/Viewer/Translation/${taskId}`, { token: creator });
    expect(other.status).toBe(404);
    expect(codeOf(other.body)).toBe(9);
    const unknown = await t.call('GET', '/api/v1/Viewer/Translation/00000000-0000-4000-8000-000000000000', {
      token: creator,
    });
    expect(unknown.status).toBe(404);
  });
});
