// SdWorkspace (and Pipeline) calls: listing, basic record, configuration, fields, advanced
// settings, predefined texts, pipeline, import address, deletion check and deletion with the tasks
// (SdTask/history/DeleteWorkSpaceAndTasksAsync) — the happy path, a
// denied caller, bad input with the spec's code and another tenant's workspace, on each database.
import { describe, expect, it } from 'vitest';
import { DEMO_WORKSPACES, demoId } from '../src/domain/demo-data.js';
import { templateOf } from '../src/domain/workspaces/task-type-catalogue.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { insertTasks } from './support/list-fixtures.js';

const ws = (name: string) => demoId(`workspace:${name}`);
const INVOICES = ws('Supplier invoices');
const RECEIPTS = ws('Expense receipts');
const MEETINGS = ws('Meeting recordings');
const CONTRACTS = ws('Contracts (custom)');
const GLOBEX_INVOICES = ws('Globex invoices');
const V = '/api/v1/SdWorkspace';

type Body = Record<string, unknown>;

describe.each(databaseKinds())('workspaces on %s', (kind) => {
  const t = useTestServer(kind);
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const db = () => t.server.database.db;
  const reset = () => t.reset();
  const removeMember = (workspaceId: string, role: string) =>
    db()
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userIdOf(demoEmail(role)))
      .execute();
  const expectConfigError = (res: { status: number; body: unknown }, fragment?: string) => {
    expect(res.status).toBe(400);
    const body = res.body as { errors: Array<{ code: number; message: string }> };
    expect(body.errors[0]?.code).toBe(10);
    if (fragment) expect(body.errors[0]?.message).toContain(fragment);
  };

  describe('SdWorkspace_UserWorkspaces', () => {
    it("lists the caller's workspaces of a type, with template data", async () => {
      await reset();
      const res = await t.call('GET', `${V}/UserWorkspaces`, {
        token: await as('Viewer'),
        query: { workspaceType: '10' },
      });
      expect(res.status).toBe(200);
      const list = res.body as Body[];
      expect(list.map((w) => w.workspaceId).sort()).toEqual(
        // Standard workspaces only: the labelling-and-training one is listed with workspaceType 20.
        DEMO_WORKSPACES.filter((w) => w.tenant === 'acme' && templateOf(w.taskType).workspaceType === 10)
          .map((w) => ws(w.name))
          .sort(),
      );
      const invoices = list.find((w) => w.workspaceId === INVOICES);
      expect(invoices).toMatchObject({
        taskType: 'Invoice',
        isDefault: true,
        isConfigured: true,
        userStatus: 10,
        workspaceTemplateName: 'Invoices',
      });
      const training = await t.call('GET', `${V}/UserWorkspaces`, {
        token: await as('Viewer'),
        query: { workspaceType: '20' },
      });
      expect((training.body as Body[]).map((w) => w.workspaceId)).toEqual(
        DEMO_WORKSPACES.filter((w) => w.tenant === 'acme' && templateOf(w.taskType).workspaceType === 20).map((w) =>
          ws(w.name),
        ),
      );
      expect(training.body).toHaveLength(1);
    });
    it('leaves out workspaces where the caller is no (active) member; super-users see all', async () => {
      await reset();
      await removeMember(CONTRACTS, 'Viewer');
      await removeMember(CONTRACTS, 'Administrator');
      await db().updateTable('workspace_members').set({ status: 20 }).where('workspace_id', '=', RECEIPTS).execute();
      const viewer = await t.call('GET', `${V}/UserWorkspaces`, {
        token: await as('Viewer'),
        query: { workspaceType: '10' },
      });
      const ids = (viewer.body as Body[]).map((w) => w.workspaceId);
      expect(ids).not.toContain(CONTRACTS);
      expect(ids).not.toContain(RECEIPTS);
      const admin = await t.call('GET', `${V}/UserWorkspaces`, {
        token: await as('Administrator'),
        query: { workspaceType: '10' },
      });
      expect((admin.body as Body[]).map((w) => w.workspaceId)).toEqual(expect.arrayContaining([CONTRACTS, RECEIPTS]));
    });
    it('needs workspaceType (400) and never shows another tenant', async () => {
      const res = await t.call('GET', `${V}/UserWorkspaces`, { token: await as('Viewer') });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain("'workspaceType'");
      const globex = await t.call('GET', `${V}/UserWorkspaces`, {
        token: await t.tokenFor(GLOBEX_ADMIN),
        query: { workspaceType: '10' },
      });
      expect((globex.body as Body[]).map((w) => w.workspaceName).sort()).toEqual(['Globex invoices', 'Interviews']);
    });
    it('answers 403 when Workspace.View is blacklisted', async () => {
      await db()
        .insertInto('ability_blacklist')
        .values({ tenant_id: demoId('tenant:acme'), ability: 'Workspace.View' })
        .execute();
      const res = await t.call('GET', `${V}/UserWorkspaces`, {
        token: await as('Viewer'),
        query: { workspaceType: '10' },
      });
      expect(res.status).toBe(403);
      await reset();
    });
  });

  describe('SdWorkspace_TaskTypes and SdWorkspace_Templates', () => {
    it('list the fifteen task types and the catalogue per workspace type', async () => {
      const token = await as('Viewer');
      const types = await t.call('GET', `${V}/TaskTypes`, { token });
      expect(types.status).toBe(200);
      expect(types.body).toHaveLength(15);
      const standard = await t.call('GET', `${V}/templates`, { token, query: { workspaceType: '10' } });
      const entries = standard.body as Body[];
      expect(entries.find((e) => e.taskType === 'Transcript')).toMatchObject({
        groupType: 'media',
        rowKey: 'Transcript',
      });
      expect(entries.map((e) => e.taskType)).not.toContain('Labelling');
      const training = await t.call('GET', `${V}/templates`, { token, query: { workspaceType: '20' } });
      expect((training.body as Body[]).map((e) => e.taskType).sort()).toEqual([
        'CustomTrainNeural',
        'CustomTrainTemplate',
        'Labelling',
      ]);
    });
    it('refuse an unknown workspace type (400) and a caller without a token (401)', async () => {
      const res = await t.call('GET', `${V}/templates`, { token: await as('Viewer'), query: { workspaceType: '30' } });
      expect(res.status).toBe(400);
      expect((await t.call('GET', `${V}/TaskTypes`)).status).toBe(401);
    });
  });

  describe('SdWorkspace_GetBasic and SdWorkspace_PatchBasic', () => {
    it('read and update the basic record; making a workspace the default moves the flag', async () => {
      await reset();
      const token = await as('Manager');
      const read = await t.call('GET', `${V}/basic/${RECEIPTS}`, { token });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id: RECEIPTS,
        displayName: 'Expense receipts',
        daysUntilHistoryRemoval: 31,
        isDefault: false,
      });
      const res = await t.call('PATCH', `${V}/basic`, {
        token,
        body: {
          id: RECEIPTS,
          displayName: ' Receipts 2026 ',
          description: 'All receipts',
          isDefault: true,
          languages: { languageCode: 'pt-PT' },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        succeeded: true,
        result: {
          displayName: 'Receipts 2026',
          description: 'All receipts',
          isDefault: true,
          languages: { languageCode: 'pt-PT' },
        },
      });
      const old = await t.call('GET', `${V}/basic/${INVOICES}`, { token });
      expect((old.body as Body).isDefault).toBe(false);
    });
    it('refuses an empty name, switching the default off and a bad language with WorkspaceConfigError (10)', async () => {
      await reset();
      const token = await as('Manager');
      expectConfigError(
        await t.call('PATCH', `${V}/basic`, { token, body: { id: RECEIPTS, displayName: '   ' } }),
        'name',
      );
      expectConfigError(
        await t.call('PATCH', `${V}/basic`, { token, body: { id: INVOICES, displayName: 'x', isDefault: false } }),
        'default',
      );
      expectConfigError(
        await t.call('PATCH', `${V}/basic`, {
          token,
          body: { id: RECEIPTS, displayName: 'x', languages: { languageCode: 'not a code' } },
        }),
        'not a code',
      );
      const missing = await t.call('PATCH', `${V}/basic`, { token, body: { id: RECEIPTS } });
      expect(missing.status).toBe(400);
    });
    it('needs Workspace.EditBasic and access; another tenant or a non-member gets 404', async () => {
      await reset();
      expect(
        (await t.call('PATCH', `${V}/basic`, { token: await as('Reviewer'), body: { id: RECEIPTS, displayName: 'x' } }))
          .status,
      ).toBe(403);
      const manager = await as('Manager');
      expect((await t.call('GET', `${V}/basic/${GLOBEX_INVOICES}`, { token: manager })).status).toBe(404);
      expect(
        (await t.call('PATCH', `${V}/basic`, { token: manager, body: { id: GLOBEX_INVOICES, displayName: 'x' } }))
          .status,
      ).toBe(404);
      await removeMember(RECEIPTS, 'Manager');
      expect((await t.call('GET', `${V}/basic/${RECEIPTS}`, { token: manager })).status).toBe(404);
    });
  });

  describe('SdWorkspace_GetConfiguration and SdWorkspace_PutConfiguration', () => {
    it('reads the configuration with its defaults and saves a changed one', async () => {
      await reset();
      const token = await as('Manager');
      const res = await t.call('GET', `${V}/Configuration`, { token, query: { workspaceId: CONTRACTS } });
      expect(res.status).toBe(200);
      const config = res.body as Body;
      expect(config).toMatchObject({
        id: CONTRACTS,
        taskType: 'Custom',
        maxFileSizeBytes: 20971520,
        daysUntilHistoryRemoval: 31,
        fieldOrder: ['ContractParty', 'SignedOn', 'Value'],
        requiredFields: ['ContractParty'],
      });
      const put = await t.call('PUT', `${V}/Configuration`, {
        token,
        body: {
          ...config,
          name: 'Contracts',
          requiredFields: ['ContractParty', 'Value'],
          supportedFileTypes: ['.PDF', '.docx'],
          checkoutExpireMinutes: 15,
          tenantId: demoId('tenant:globex'),
          creditsMultiplierPerUnit: 99,
        },
      });
      expect(put.status).toBe(200);
      const saved = (put.body as { result: Body }).result;
      expect(saved).toMatchObject({
        name: 'Contracts',
        checkoutExpireMinutes: 15,
        supportedFileTypes: ['.pdf', '.docx'],
        requiredFields: ['ContractParty', 'Value'],
        tenantId: demoId('tenant:acme'),
        creditsMultiplierPerUnit: null,
      });
      const fields = await t.call('GET', `${V}/Fields/${CONTRACTS}`, { token });
      const value = (
        fields.body as { categories: Array<{ categoryKey: string; fieldConfig: { isRequired: boolean } }> }
      ).categories.find((c) => c.categoryKey === 'Value');
      expect(value?.fieldConfig.isRequired).toBe(true);
    });
    it('refuses broken configurations: unknown keys and skip-review types with code 10, out-of-range values with 400', async () => {
      await reset();
      const token = await as('Manager');
      const config = (await t.call('GET', `${V}/Configuration`, { token, query: { workspaceId: CONTRACTS } }))
        .body as Body;
      expectConfigError(
        await t.call('PUT', `${V}/Configuration`, { token, body: { ...config, fieldsToDetect: ['Ghost'] } }),
        "'Ghost'",
      );
      expectConfigError(
        await t.call('PUT', `${V}/Configuration`, { token, body: { ...config, fileTypesToSkipReview: ['.png'] } }),
        "'.png'",
      );
      await db().updateTable('workspaces').set({ task_type: 'LegalDocument' }).where('id', '=', CONTRACTS).execute();
      expectConfigError(
        await t.call('PUT', `${V}/Configuration`, { token, body: { ...config, splitSettings: { isEnabled: true } } }),
        'cannot be split',
      );
      const range = await t.call('PUT', `${V}/Configuration`, {
        token,
        body: { ...config, daysUntilHistoryRemoval: 91 },
      });
      expect(range.status).toBe(400);
      expect((range.body as { message: string }).message).toContain('daysUntilHistoryRemoval');
    });
    it('needs Workspace.Edit to save; another tenant gets 404', async () => {
      await reset();
      const config = (
        await t.call('GET', `${V}/Configuration`, { token: await as('Viewer'), query: { workspaceId: CONTRACTS } })
      ).body as Body;
      expect((await t.call('PUT', `${V}/Configuration`, { token: await as('Creator'), body: config })).status).toBe(
        403,
      );
      const dev = await as('Developer');
      expect(
        (await t.call('GET', `${V}/Configuration`, { token: dev, query: { workspaceId: GLOBEX_INVOICES } })).status,
      ).toBe(404);
      expect(
        (await t.call('PUT', `${V}/Configuration`, { token: dev, body: { ...config, id: GLOBEX_INVOICES } })).status,
      ).toBe(404);
    });
  });

  describe('SdWorkspace_GetWorkspaceCustomConfig', () => {
    it('gives the import dialog its limits, forms and step ids', async () => {
      await reset();
      const res = await t.call('GET', `${V}/GetWorkspaceCustomConfig`, {
        token: await as('Creator'),
        query: { workspaceId: MEETINGS },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        workspaceId: MEETINGS,
        tenantCode: 'acme',
        taskType: 'Transcript',
        maxFileSizeBytes: 524288000,
        recognizerStepId: 'recognizer.pocketsphinx',
      });
      expect(
        (
          await t.call('GET', `${V}/GetWorkspaceCustomConfig`, {
            token: await as('Creator'),
            query: { workspaceId: GLOBEX_INVOICES },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.call('GET', `${V}/GetWorkspaceCustomConfig`, {
            token: await as('Creator'),
            query: { workspaceId: 'nope' },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('SdWorkspace_GetFields and SdWorkspace_PatchFields', () => {
    const fieldsOf = async (token: string) =>
      (await t.call('GET', `${V}/Fields/${INVOICES}`, { token })).body as Body & {
        fieldOrder: string[];
        fieldsToDetect: string[];
      };
    it('reads the fields and answers each edit with its change level', async () => {
      await reset();
      const token = await as('Manager');
      const fields = await fieldsOf(token);
      expect(fields.baseFields).toEqual(['InvoiceId', 'InvoiceDate', 'VendorName', 'InvoiceTotal']);
      const base = {
        addedFields: [],
        editedFields: [],
        fieldOrder: fields.fieldOrder,
        baseFields: fields.fieldsToDetect,
      };
      const edit = await t.call('PATCH', `${V}/Fields/${INVOICES}`, {
        token,
        body: {
          ...base,
          editedFields: [
            { categoryKey: 'VendorTaxId', displayName: 'NIF', fieldConfig: { type: 51, isRequired: false } },
          ],
        },
      });
      expect(edit.status).toBe(200);
      expect((edit.body as { result: Body }).result.changeLevel).toBe(10);
      const added = await t.call('PATCH', `${V}/Fields/${INVOICES}`, {
        token,
        body: {
          ...base,
          addedFields: [
            {
              categoryKey: 'Lines',
              displayName: 'Lines',
              groupType: 100,
              fieldConfig: { type: 400, isRequired: false },
            },
            {
              categoryKey: 'Qty',
              parentCategoryKey: 'Lines',
              displayName: 'Quantity',
              fieldConfig: { type: 250, isRequired: false },
            },
          ],
        },
      });
      expect((added.body as { result: { changeLevel: number } }).result.changeLevel).toBe(20);
      const deleted = await t.call('PATCH', `${V}/Fields/${INVOICES}`, {
        token,
        body: { ...base, deletedFields: ['Lines'] },
      });
      const result = (
        deleted.body as { result: { changeLevel: number; fields: { categories: Array<{ categoryKey: string }> } } }
      ).result;
      expect(result.changeLevel).toBe(10);
      expect(result.fields.categories.map((c) => c.categoryKey)).not.toContain('Qty');
      const none = await t.call('PATCH', `${V}/Fields/${INVOICES}`, { token, body: base });
      expect((none.body as { result: { changeLevel: number } }).result.changeLevel).toBe(0);
      expect((await fieldsOf(token)).categories).toHaveLength(5);
    });
    it('refuses bad keys: a broken pattern (400) and existing keys or built-in deletions (code 10)', async () => {
      await reset();
      const token = await as('Manager');
      const fields = await fieldsOf(token);
      const base = {
        addedFields: [],
        editedFields: [],
        fieldOrder: fields.fieldOrder,
        baseFields: fields.fieldsToDetect,
      };
      const badKey = await t.call('PATCH', `${V}/Fields/${INVOICES}`, {
        token,
        body: {
          ...base,
          addedFields: [{ categoryKey: 'Bad Key', displayName: 'x', fieldConfig: { type: 50, isRequired: false } }],
        },
      });
      expect(badKey.status).toBe(400);
      expect((badKey.body as { message: string }).message).toContain('categoryKey');
      const header = await t.call('PATCH', `${V}/Fields/${INVOICES}`, {
        token,
        body: {
          ...base,
          addedFields: [
            {
              categoryKey: 'Dot.Col',
              parentCategoryKey: 'InvoiceTotal',
              displayName: 'x',
              fieldConfig: { type: 50, isRequired: false },
            },
          ],
        },
      });
      expect(header.status).toBe(400);
      expectConfigError(
        await t.call('PATCH', `${V}/Fields/${INVOICES}`, {
          token,
          body: {
            ...base,
            addedFields: [{ categoryKey: 'InvoiceId', displayName: 'x', fieldConfig: { type: 50, isRequired: false } }],
          },
        }),
        "'InvoiceId'",
      );
      expectConfigError(
        await t.call('PATCH', `${V}/Fields/${INVOICES}`, { token, body: { ...base, deletedFields: ['InvoiceId'] } }),
        'built in',
      );
    });
    it('needs Workspace.EditFields; another tenant gets 404', async () => {
      await reset();
      const body = { addedFields: [], editedFields: [], fieldOrder: [], baseFields: [] };
      expect((await t.call('PATCH', `${V}/Fields/${INVOICES}`, { token: await as('Creator'), body })).status).toBe(403);
      expect((await t.call('GET', `${V}/Fields/${GLOBEX_INVOICES}`, { token: await as('Developer') })).status).toBe(
        404,
      );
      expect(
        (await t.call('PATCH', `${V}/Fields/${GLOBEX_INVOICES}`, { token: await as('Developer'), body })).status,
      ).toBe(404);
    });
  });

  describe('SdWorkspace_GetAdvancedSettings and SdWorkspace_PatchAdvancedSettings', () => {
    it('read the settings with defaults and save changes', async () => {
      await reset();
      const token = await as('Administrator');
      const res = await t.call('GET', `${V}/AdvancedSettings/${RECEIPTS}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ daysUntilRemoval: 31, maxFileSizeBytes: 20971520, checkoutExpireMinutes: 30 });
      const saved = await t.call('PATCH', `${V}/AdvancedSettings/${RECEIPTS}`, {
        token,
        body: {
          daysUntilRemoval: 90,
          hoursUntilTasksConsideredStuck: 1,
          maxRestartCount: 0,
          checkoutExpireMinutes: 1,
          fileTypesToSkipReview: ['.png'],
        },
      });
      expect(saved.status).toBe(200);
      expect((saved.body as { result: Body }).result).toMatchObject({
        daysUntilRemoval: 90,
        maxRestartCount: 0,
        fileTypesToSkipReview: ['.png'],
      });
      const basic = await t.call('GET', `${V}/basic/${RECEIPTS}`, { token });
      expect(basic.body).toMatchObject({
        daysUntilHistoryRemoval: 90,
        hoursUntilTasksConsideredStuck: 1,
        checkoutExpireMinutes: 1,
      });
    });
    it('refuses values out of range (400) and inconsistent ones (code 10)', async () => {
      await reset();
      const token = await as('Administrator');
      const ok = {
        daysUntilRemoval: 31,
        hoursUntilTasksConsideredStuck: 4,
        maxRestartCount: 3,
        checkoutExpireMinutes: 30,
      };
      for (const bad of [
        { daysUntilRemoval: 0 },
        { daysUntilRemoval: 91 },
        { hoursUntilTasksConsideredStuck: 0 },
        { maxRestartCount: -1 },
        { checkoutExpireMinutes: 0 },
      ]) {
        const res = await t.call('PATCH', `${V}/AdvancedSettings/${RECEIPTS}`, { token, body: { ...ok, ...bad } });
        expect(res.status, JSON.stringify(bad)).toBe(400);
      }
      expectConfigError(
        await t.call('PATCH', `${V}/AdvancedSettings/${RECEIPTS}`, {
          token,
          body: { ...ok, fileTypesToSkipReview: ['.mp3'] },
        }),
        "'.mp3'",
      );
    });
    it('saving needs Workspace.EditAdvancedSettings; another tenant gets 404', async () => {
      await reset();
      const body = {
        daysUntilRemoval: 31,
        hoursUntilTasksConsideredStuck: 4,
        maxRestartCount: 3,
        checkoutExpireMinutes: 30,
      };
      expect(
        (await t.call('PATCH', `${V}/AdvancedSettings/${RECEIPTS}`, { token: await as('Manager'), body })).status,
      ).toBe(403);
      expect((await t.call('GET', `${V}/AdvancedSettings/${RECEIPTS}`, { token: await as('Reviewer') })).status).toBe(
        403,
      );
      expect(
        (await t.call('GET', `${V}/AdvancedSettings/${GLOBEX_INVOICES}`, { token: await as('Administrator') })).status,
      ).toBe(404);
    });
  });

  describe('SdWorkspace_GetPredefinedText and SdWorkspace_PatchPredefinedText', () => {
    const text = (n: number, value = `Text ${n}`) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, text: value });
    it('replace the list and read it back', async () => {
      await reset();
      const token = await as('Reviewer');
      const res = await t.call('PATCH', `${V}/PredefinedText/${MEETINGS}`, { token, body: [text(1), text(2)] });
      expect(res).toMatchObject({ status: 200, body: { succeeded: true, result: true } });
      expect((await t.call('GET', `${V}/PredefinedText/${MEETINGS}`, { token: await as('Viewer') })).body).toEqual([
        text(1),
        text(2),
      ]);
      await t.call('PATCH', `${V}/PredefinedText/${MEETINGS}`, { token, body: [text(2)] });
      expect((await t.call('GET', `${V}/PredefinedText/${MEETINGS}`, { token })).body).toEqual([text(2)]);
    });
    it('refuses an empty text and an id used twice (code 10)', async () => {
      const token = await as('Reviewer');
      expectConfigError(
        await t.call('PATCH', `${V}/PredefinedText/${MEETINGS}`, { token, body: [text(1, '  ')] }),
        'empty',
      );
      expectConfigError(
        await t.call('PATCH', `${V}/PredefinedText/${MEETINGS}`, { token, body: [text(1), text(1)] }),
        'twice',
      );
    });
    it('needs Workspace.Edit or Task.Review; another tenant gets 404', async () => {
      expect(
        (await t.call('PATCH', `${V}/PredefinedText/${MEETINGS}`, { token: await as('Viewer'), body: [] })).status,
      ).toBe(403);
      expect(
        (await t.call('PATCH', `${V}/PredefinedText/${GLOBEX_INVOICES}`, { token: await as('Developer'), body: [] }))
          .status,
      ).toBe(404);
      expect(
        (await t.call('GET', `${V}/PredefinedText/${GLOBEX_INVOICES}`, { token: await as('Developer') })).status,
      ).toBe(404);
    });
  });

  describe('Pipeline_Get and SdWorkspace_PipelineWithSteps', () => {
    it('choose the recognizer by task type and list the steps', async () => {
      await reset();
      const token = await as('Viewer');
      const recognizer = async (id: string) =>
        ((await t.call('GET', `/api/v1/Pipeline/${id}`, { token })).body as { recognizerStepId: string })
          .recognizerStepId;
      expect(await recognizer(INVOICES)).toBe('recognizer.pdfminer');
      expect(await recognizer(RECEIPTS)).toBe('recognizer.tesseract');
      expect(await recognizer(MEETINGS)).toBe('recognizer.pocketsphinx');
      const pipeline = (await t.call('GET', `/api/v1/Pipeline/${INVOICES}`, { token })).body as Body;
      const detail = await t.call('GET', `${V}/PipelineWithSteps`, { token, query: { workspaceId: INVOICES } });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        pipelineId: pipeline.pipelineId,
        recognizerStep: { stepId: 'recognizer.pdfminer', isPlaceholder: false },
        postProcessingSteps: [
          { stepId: 'postprocess.detect-fields' },
          { stepId: 'postprocess.detect-tables' },
          { stepId: 'postprocess.detect-qr-codes' },
        ],
      });
    });
    it('answer 404 for another tenant and 400 for a bad id', async () => {
      const token = await as('Developer');
      expect((await t.call('GET', `/api/v1/Pipeline/${GLOBEX_INVOICES}`, { token })).status).toBe(404);
      expect(
        (await t.call('GET', `${V}/PipelineWithSteps`, { token, query: { workspaceId: GLOBEX_INVOICES } })).status,
      ).toBe(404);
      expect((await t.call('GET', `${V}/PipelineWithSteps`, { token })).status).toBe(400);
    });
  });

  describe('SdWorkspace_ImportEmail', () => {
    it('answers the import address of the workspace', async () => {
      await reset();
      const res = await t.call('GET', `${V}/importEmail/${INVOICES}`, { token: await as('Creator') });
      expect(res.status).toBe(200);
      expect((res.body as { emailToImport: string }).emailToImport).toMatch(
        /^acme-supplier-invoices-[0-9a-f]{8}@import\.127\.0\.0\.1$/,
      );
      expect((await t.call('GET', `${V}/importEmail/${INVOICES}`, { token: await as('Reviewer') })).status).toBe(403);
      expect((await t.call('GET', `${V}/importEmail/${GLOBEX_INVOICES}`, { token: await as('Creator') })).status).toBe(
        404,
      );
    });
  });

  describe('SdWorkspace_CheckWorkspaceCanBeDeleted', () => {
    it('refuses the default workspace while others remain, and labelling workspaces', async () => {
      await reset();
      const token = await as('Administrator');
      const check = async (id: string) =>
        (await t.call('GET', `${V}/CheckWorkspaceCanBeDeleted`, { token, query: { workspaceId: id } })).body;
      expect(await check(INVOICES)).toEqual({ canBeDeleted: false, refusals: [2] });
      expect(await check(RECEIPTS)).toEqual({ canBeDeleted: true, refusals: [] });
      await db().updateTable('workspaces').set({ workspace_type: 20 }).where('id', '=', RECEIPTS).execute();
      expect(await check(RECEIPTS)).toEqual({ canBeDeleted: false, refusals: [1] });
      // The last workspace left can go even when it is the default.
      await db().updateTable('workspaces').set({ soft_deleted: true }).where('id', '!=', INVOICES).execute();
      expect(await check(INVOICES)).toEqual({ canBeDeleted: true, refusals: [] });
    });
    it('needs Workspace.Delete; another tenant gets 404', async () => {
      await reset();
      expect(
        (
          await t.call('GET', `${V}/CheckWorkspaceCanBeDeleted`, {
            token: await as('Manager'),
            query: { workspaceId: RECEIPTS },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await t.call('GET', `${V}/CheckWorkspaceCanBeDeleted`, {
            token: await as('Administrator'),
            query: { workspaceId: GLOBEX_INVOICES },
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('SdTask_HistoryDeleteWorkSpaceAndTasksAsync', () => {
    const DELETE = '/api/v1/SdTask/history/DeleteWorkSpaceAndTasksAsync';
    const remove = async (workSpaceId: string, role = 'Administrator') =>
      t.call('DELETE', DELETE, { token: await as(role), query: { workSpaceId } });
    const taskRows = (workspaceId: string) =>
      db().selectFrom('tasks').select(['id', 'status']).where('workspace_id', '=', workspaceId).orderBy('id').execute();

    it('deletes every task (with events) and soft-deletes the workspace', async () => {
      await reset();
      const [live, done, gone] = await insertTasks(db(), [
        { workspaceId: RECEIPTS, status: 60 },
        { workspaceId: RECEIPTS, status: 100 },
        { workspaceId: RECEIPTS, status: 20 },
      ]);
      const [other] = await insertTasks(db(), [{ workspaceId: MEETINGS, status: 60 }]);
      expect((await remove(RECEIPTS)).status).toBe(204);
      expect(new Set((await taskRows(RECEIPTS)).map((r) => r.status))).toEqual(new Set([20]));
      const ws = await db()
        .selectFrom('workspaces')
        .select('soft_deleted')
        .where('id', '=', RECEIPTS)
        .executeTakeFirst();
      expect(ws?.soft_deleted).toBe(true);
      const deletedEvents = await db()
        .selectFrom('task_events')
        .select(['task_id', 'description'])
        .where('event_type', '=', 'TaskDeleted')
        .execute();
      expect(new Set(deletedEvents.map((e) => e.task_id))).toEqual(new Set([live, done]));
      expect(deletedEvents.filter((e) => e.task_id === gone)).toEqual([]);
      expect(deletedEvents.some((e) => e.description.includes('Processed (100) to Deleting (19)'))).toBe(true);
      expect((await taskRows(MEETINGS)).find((r) => r.id === other)?.status).toBe(60);
      // The workspace is gone: the check, a second delete and its tasks answer 404.
      const token = await as('Administrator');
      expect(
        (await t.call('GET', `${V}/CheckWorkspaceCanBeDeleted`, { token, query: { workspaceId: RECEIPTS } })).status,
      ).toBe(404);
      expect((await remove(RECEIPTS)).status).toBe(404);
      expect((await t.call('GET', `/api/v1/SdTask/${live}`, { token })).status).toBe(404);
    });

    it('refuses with the WorkspaceSoftDeleteRefusal code and changes nothing', async () => {
      await reset();
      await insertTasks(db(), [{ workspaceId: INVOICES, status: 60 }]);
      const byDefault = await remove(INVOICES);
      expect(byDefault.status).toBe(400);
      expect((byDefault.body as { errors: Array<{ code: number; message: string }> }).errors[0]).toMatchObject({
        code: 2,
        message: expect.stringContaining('default workspace'),
      });
      await db().updateTable('workspaces').set({ workspace_type: 20 }).where('id', '=', RECEIPTS).execute();
      const labelling = await remove(RECEIPTS);
      expect(labelling.status).toBe(400);
      expect((labelling.body as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(1);
      expect((await taskRows(INVOICES)).map((r) => r.status)).toEqual([60]);
      const live = await db().selectFrom('workspaces').select('id').where('soft_deleted', '=', false).execute();
      expect(live.map((w) => w.id)).toEqual(expect.arrayContaining([INVOICES, RECEIPTS]));
    });

    it('needs Workspace.Delete; bad ids are 400; another tenant gets 404', async () => {
      await reset();
      expect((await remove(RECEIPTS, 'Manager')).status).toBe(403);
      expect((await remove('not-a-uuid')).status).toBe(400);
      expect((await t.call('DELETE', DELETE, { token: await as('Administrator') })).status).toBe(400);
      expect((await remove(GLOBEX_INVOICES)).status).toBe(404);
      const globex = await db()
        .selectFrom('workspaces')
        .select('soft_deleted')
        .where('id', '=', GLOBEX_INVOICES)
        .executeTakeFirst();
      expect(globex?.soft_deleted).toBe(false);
      expect(
        (await db().selectFrom('workspaces').select('soft_deleted').where('id', '=', RECEIPTS).executeTakeFirst())
          ?.soft_deleted,
      ).toBe(false);
    });
  });
});
