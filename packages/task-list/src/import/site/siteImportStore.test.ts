import { createApiClient, type Schema } from '@reviewdesk/api-client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_RULES, type ImportRules } from '../../model/fileChecks';
import { createSiteImportStore } from './siteImportStore';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const RULES: ImportRules = { ...DEFAULT_IMPORT_RULES, supportedFileTypes: ['.pdf'] };

const item = (name: string, isFolder = false): Schema<'StorageItem'> => ({
  id: `/Invoices/${name}`,
  name,
  isFile: !isFolder,
  isFolder,
  folderPath: '/Invoices',
});

/** A real api client whose SdTask/Process refuses `big.pdf` as the server does (MaximumFileSize). */
function server() {
  const bodies: Array<Record<string, unknown>> = [];
  const api = createApiClient({
    baseUrl: 'http://reviewdesk.test',
    getAccessToken: () => 'token',
    fetch: async (request) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      bodies.push(body);
      const context = body.context as { sharePointItemId: string };
      const headers = { 'content-type': 'application/json' };
      if (context.sharePointItemId.endsWith('big.pdf')) {
        const refusal = { message: 'Too large', errors: [{ code: 13, message: 'The file is larger than allowed.' }] };
        return new Response(JSON.stringify(refusal), { status: 400, headers });
      }
      return new Response(JSON.stringify({ taskId: `task-${bodies.length}`, externalId: null }), { headers });
    },
  });
  return { api, bodies };
}

describe('site import store', () => {
  it('keeps folders out, refuses a type the workspace does not take, and does not add a file twice', () => {
    const store = createSiteImportStore({ api: server().api });
    store.getState().choose([item('Archive', true), item('a.pdf'), item('notes.docx')], RULES);
    store.getState().choose([item('a.pdf')], RULES);
    expect(store.getState().entries.map((e) => [e.name, e.path, e.status, e.problem?.kind ?? null])).toEqual([
      ['a.pdf', '/Invoices/a.pdf', 'ready', null],
      ['notes.docx', '/Invoices/notes.docx', 'invalid', 'wrongType'],
    ]);
    // The workspace's rules may arrive after the choice.
    store.getState().recheck({ ...RULES, supportedFileTypes: [] });
    expect(store.getState().entries.every((e) => e.status === 'ready')).toBe(true);
  });

  it('asks the server to fetch each file with the connection and the item, and keeps a refusal on its row', async () => {
    const { api, bodies } = server();
    const created: string[] = [];
    const store = createSiteImportStore({ api, onTaskCreated: (c) => created.push(c.fileName) });
    store.getState().choose([item('a.pdf'), item('big.pdf'), item('c.txt')], RULES);
    await store.getState().start({
      workspaceId: WORKSPACE,
      serviceName: 'finance',
      batchId: null,
      externalIds: { '/Invoices/a.pdf': ' A-1 ' },
    });
    expect(bodies).toEqual([
      {
        workspaceId: WORKSPACE,
        displayName: 'a.pdf',
        batchId: null,
        externalId: 'A-1',
        isImportedViaWeb: true,
        context: { driveServiceName: 'finance', sharePointItemId: '/Invoices/a.pdf' },
      },
      expect.objectContaining({ context: { driveServiceName: 'finance', sharePointItemId: '/Invoices/big.pdf' } }),
    ]);
    const [a, big, txt] = store.getState().entries;
    expect(a).toMatchObject({ status: 'done', taskId: 'task-1' });
    expect(big?.status).toBe('failed');
    expect(big?.error).toMatchObject({ status: 400 });
    expect(txt?.status).toBe('invalid');
    expect(created).toEqual(['a.pdf']);

    // Imported files stay on the list; a failed one can be taken off and is sent again otherwise.
    store.getState().unchoose(['/Invoices/a.pdf']);
    expect(store.getState().entries.map((e) => e.name)).toEqual(['a.pdf', 'big.pdf', 'c.txt']);
    await store.getState().start({ workspaceId: WORKSPACE, serviceName: 'finance', batchId: null, externalIds: {} });
    expect(bodies).toHaveLength(3);
    store.getState().unchoose(['/Invoices/big.pdf']);
    expect(store.getState().entries.map((e) => e.name)).toEqual(['a.pdf', 'c.txt']);
  });

  it('starts no further file once disposed', async () => {
    const { api, bodies } = server();
    const store = createSiteImportStore({ api });
    store.getState().choose([item('a.pdf'), item('b.pdf')], RULES);
    const running = store
      .getState()
      .start({ workspaceId: WORKSPACE, serviceName: 'x', batchId: null, externalIds: {} });
    store.getState().dispose();
    await running;
    expect(bodies).toHaveLength(1);
  });
});
