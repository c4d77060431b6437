// The developer calls of a workspace, on each database: step configurations (IntegrationStepConfigs,
// Get/PostStepConfig) checked against the step's form and read by the export stage; queue
// redirects (Get/PutStepRedirected, PipelineHasRedirects) that decide which workers claim a task;
// recognizer hooks (AvailableHooks, RecognizerHooks) that post-processing really calls. Each call
// per permission and across tenants.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TasksRepository } from '../src/db/repositories/tasks.js';
import { roleByName } from '../src/domain/roles.js';
import { recordStatusChange } from '../src/domain/tasks/events.js';
import { pipelineIdOf } from '../src/domain/workspaces/pipelines.js';
import { exportStage } from '../src/pipeline/stages/export.js';
import { claimNext } from '../src/pipeline/worker/claim.js';
import { runStage } from '../src/pipeline/worker/run-stage.js';
import { blobStorageFor } from '../src/storage/blob-storage.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { GLOBEX_INVOICES_WS, INVOICES_WS, importInvoice, setTaskStatus } from './support/task-import.js';

const V = '/api/v1/SdWorkspace';
const STORE = 'integration.store-results';

type Body = Record<string, unknown>;
type Errors = { errors: Array<{ code: number; message: string }> };

/** A hook service on loopback that answers one entity per call and remembers what it was sent. */
async function startHook(): Promise<{
  url: string;
  received: Body[];
  fail: { status: number };
  stop(): Promise<void>;
}> {
  const received: Body[] = [];
  const fail = { status: 0 };
  const server: Server = createServer((request, response) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(data) as Body);
      if (fail.status) {
        response.writeHead(fail.status).end('no');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          entities: [
            {
              type: 'hook',
              category: 'PurchaseOrder',
              groupName: null,
              pageNumber: 1,
              keyValues: [{ pageNumber: 1, category: 'PurchaseOrder', content: 'PO-4711', confidence: 0.99 }],
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    fail,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds())('workspace developer calls on %s', (kind) => {
  const t = useTestServer(kind);
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const expectError = (res: { status: number; body: unknown }, code: number, fragment?: string) => {
    expect(res.status).toBe(400);
    const error = (res.body as Errors).errors[0];
    expect(error?.code).toBe(code);
    if (fragment) expect(error?.message).toContain(fragment);
  };

  describe('step configurations', () => {
    it('lists the integration steps with their form, defaults and configured state', async () => {
      await t.reset();
      const res = await t.call('GET', `${V}/IntegrationStepConfigs/${INVOICES_WS}`, { token: await as('Manager') });
      expect(res.status).toBe(200);
      const [store] = res.body as Body[];
      expect(store).toMatchObject({
        workspaceId: INVOICES_WS,
        pipelineId: pipelineIdOf(INVOICES_WS),
        stepId: STORE,
        isConfigured: true,
        configurationValues: { fileNamePrefix: '', writeToExportFolder: true },
        step: { stepId: STORE, displayName: 'Keep results', isPlaceholder: false },
      });
      const step = store?.step as { configurationCustomForm: { sections: Array<{ fields: Body[] }> } } | undefined;
      const form = step?.configurationCustomForm ?? { sections: [] };
      expect(form.sections[0]?.fields.map((f) => f.name)).toEqual(['fileNamePrefix', 'writeToExportFolder']);
    });

    it('reads a step without a form, and answers 404 for a step the pipeline does not have', async () => {
      const token = await as('Developer');
      const ocr = await t.call('GET', `${V}/StepConfig/${INVOICES_WS}/recognizer.pdfminer`, { token });
      expect(ocr.status).toBe(200);
      expect(ocr.body).toMatchObject({ stepId: 'recognizer.pdfminer', configurationValues: {}, isConfigured: true });
      const missing = await t.call('GET', `${V}/StepConfig/${INVOICES_WS}/postprocess.waveform`, { token });
      expect(missing.status).toBe(404);
    });

    it('saves values that fit the form and refuses the others without saving anything', async () => {
      await t.reset();
      const token = await as('Manager');
      const url = `${V}/StepConfig/${INVOICES_WS}/${STORE}`;
      const saved = await t.call('POST', url, {
        token,
        body: { configurationValues: { fileNamePrefix: 'acme-', writeToExportFolder: false } },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        succeeded: true,
        result: { configurationValues: { fileNamePrefix: 'acme-', writeToExportFolder: false } },
      });
      expectError(
        await t.call('POST', url, { token, body: { configurationValues: { fileNamePrefix: 'a b/c' } } }),
        10,
        'Letters, digits',
      );
      expectError(
        await t.call('POST', url, { token, body: { configurationValues: { fileNamePrefix: 'x'.repeat(41) } } }),
        10,
        'at most 40',
      );
      expectError(
        await t.call('POST', url, { token, body: { configurationValues: { writeToExportFolder: 'yes' } } }),
        10,
        'true or false',
      );
      expectError(
        await t.call('POST', url, { token, body: { configurationValues: { colour: 'red' } } }),
        10,
        "'colour'",
      );
      expectError(
        await t.call('POST', `${V}/StepConfig/${INVOICES_WS}/recognizer.pdfminer`, {
          token,
          body: { configurationValues: { anything: 1 } },
        }),
        10,
        'takes no configuration values',
      );
      const read = await t.call('GET', url, { token });
      expect(read.body).toMatchObject({ configurationValues: { fileNamePrefix: 'acme-', writeToExportFolder: false } });
    });

    it('keeps the values when the configuration is saved as a whole', async () => {
      const token = await as('Administrator');
      const config = await t.call('GET', `${V}/Configuration`, { token, query: { workspaceId: INVOICES_WS } });
      const put = await t.call('PUT', `${V}/Configuration`, { token, body: config.body as object });
      expect(put.status).toBe(200);
      const read = await t.call('GET', `${V}/StepConfig/${INVOICES_WS}/${STORE}`, { token });
      expect(read.body).toMatchObject({ configurationValues: { fileNamePrefix: 'acme-' } });
    });

    it('is refused to reviewers and creators, and to another tenant', async () => {
      const url = `${V}/StepConfig/${INVOICES_WS}/${STORE}`;
      const body = { configurationValues: { fileNamePrefix: 'x' } };
      for (const role of ['Reviewer', 'Creator', 'Viewer']) {
        const token = await as(role);
        expect((await t.call('GET', `${V}/IntegrationStepConfigs/${INVOICES_WS}`, { token })).status).toBe(403);
        expect((await t.call('GET', url, { token })).status).toBe(403);
        expect((await t.call('POST', url, { token, body })).status).toBe(403);
      }
      const globex = await t.tokenFor(GLOBEX_ADMIN);
      expect((await t.call('GET', `${V}/IntegrationStepConfigs/${INVOICES_WS}`, { token: globex })).status).toBe(404);
      expect((await t.call('GET', url, { token: globex })).status).toBe(404);
      expect((await t.call('POST', url, { token: globex, body })).status).toBe(404);
      expect((await t.call('GET', `${V}/IntegrationStepConfigs/${GLOBEX_INVOICES_WS}`, { token: globex })).status).toBe(
        200,
      );
    });
  });

  describe('queue redirects', () => {
    const pipelineId = pipelineIdOf(INVOICES_WS);
    const put = async (body: Body, token?: string) =>
      t.call('PUT', `${V}/StepRedirected`, { token: token ?? (await as('Developer')), body });

    beforeAll(() => {
      t.config.additionalQueues = ['priority', 'gpu'];
    });
    afterAll(() => {
      t.config.additionalQueues = [];
    });

    it('redirects a step to an additional queue and back', async () => {
      await t.reset();
      const token = await as('Developer');
      const query = { pipelineId, stepId: STORE };
      const before = await t.call('GET', `${V}/StepRedirected`, { token, query });
      expect(before.body).toEqual({
        stepId: STORE,
        enabled: false,
        overrideQueueName: null,
        availableAdditionalQueueNames: ['priority', 'gpu'],
      });
      expect((await t.call('GET', `${V}/PipelineHasRedirects`, { token, query: { pipelineId } })).body).toBe(false);

      const on = await put({ pipelineId, stepId: STORE, enabled: true, queueName: 'priority' });
      expect(on.body).toMatchObject({
        succeeded: true,
        result: { pipelineId, stepId: STORE, enabled: true, queueName: 'priority', effectiveQueueName: 'priority' },
      });
      expect((await t.call('GET', `${V}/StepRedirected`, { token, query })).body).toMatchObject({
        enabled: true,
        overrideQueueName: 'priority',
      });
      expect((await t.call('GET', `${V}/PipelineHasRedirects`, { token, query: { pipelineId } })).body).toBe(true);

      const off = await put({ pipelineId, stepId: STORE, enabled: false });
      expect(off.body).toMatchObject({ result: { enabled: false, effectiveQueueName: 'default' } });
      expect((await t.call('GET', `${V}/PipelineHasRedirects`, { token, query: { pipelineId } })).body).toBe(false);
    });

    it('refuses a queue the server does not offer, a step or pipeline it does not know', async () => {
      await t.reset();
      expectError(await put({ pipelineId, stepId: STORE, enabled: true, queueName: 'elsewhere' }), 11, "'elsewhere'");
      expect((await put({ pipelineId, stepId: STORE, enabled: true })).status).toBe(400);
      expect((await put({ pipelineId, stepId: 'postprocess.waveform', enabled: false })).status).toBe(404);
      const unknownPipeline = '00000000-0000-4000-8000-000000000000';
      expect((await put({ pipelineId: unknownPipeline, stepId: STORE, enabled: false })).status).toBe(404);
      const token = await as('Developer');
      expect((await t.call('GET', `${V}/PipelineHasRedirects`, { token, query: { pipelineId } })).body).toBe(false);
    });

    it('is for developers only, and another tenant does not find the pipeline', async () => {
      for (const role of ['Administrator', 'Manager', 'Reviewer']) {
        const token = await as(role);
        expect(
          (await t.call('GET', `${V}/StepRedirected`, { token, query: { pipelineId, stepId: STORE } })).status,
        ).toBe(403);
        expect((await put({ pipelineId, stepId: STORE, enabled: false }, token)).status).toBe(403);
      }
      expect(
        (await t.call('GET', `${V}/PipelineHasRedirects`, { token: await as('Reviewer'), query: { pipelineId } }))
          .status,
      ).toBe(403);
      // The Globex administrator is no developer; the Acme developer does not find Globex's pipeline.
      const globexPipeline = pipelineIdOf(GLOBEX_INVOICES_WS);
      const acmeDev = await as('Developer');
      expect(
        (
          await t.call('GET', `${V}/StepRedirected`, {
            token: acmeDev,
            query: { pipelineId: globexPipeline, stepId: STORE },
          })
        ).status,
      ).toBe(404);
      expect((await put({ pipelineId: globexPipeline, stepId: STORE, enabled: false }, acmeDev)).status).toBe(404);
      expect(
        (await t.call('GET', `${V}/PipelineHasRedirects`, { token: acmeDev, query: { pipelineId: globexPipeline } }))
          .status,
      ).toBe(404);
    });
  });

  describe('recognizer hooks', () => {
    let hook: Awaited<ReturnType<typeof startHook>>;
    beforeAll(async () => {
      hook = await startHook();
      t.config.recognizerHooks = { 'purchase-orders': hook.url, audit: `${hook.url}?audit` };
    });
    afterAll(async () => {
      t.config.recognizerHooks = {};
      await hook.stop();
    });

    it('lists the hook services of a kind', async () => {
      const token = await as('Developer');
      const hooks = await t.call('GET', `${V}/AvailableHooks`, { token, query: { hookServiceType: '70' } });
      expect(hooks.body).toEqual({ hookServiceNames: ['audit', 'purchase-orders'] });
      const none = await t.call('GET', `${V}/AvailableHooks`, { token, query: { hookServiceType: '60' } });
      expect(none.body).toEqual({ hookServiceNames: [] });
      const bad = await t.call('GET', `${V}/AvailableHooks`, { token, query: { hookServiceType: '71' } });
      expect(bad.status).toBe(400);
    });

    it('sets the hooks of a workspace, refusing names the server does not know', async () => {
      await t.reset();
      const token = await as('Developer');
      const url = `${V}/RecognizerHooks/${INVOICES_WS}`;
      expectError(
        await t.call('PATCH', url, { token, body: { recognizerHooks: ['purchase-orders', 'constructor'] } }),
        10,
        "'constructor'",
      );
      const saved = await t.call('PATCH', url, { token, body: { recognizerHooks: ['purchase-orders'] } });
      expect(saved.body).toEqual({ succeeded: true, errors: [], result: true });
      const config = await t.call('GET', `${V}/Configuration`, { token, query: { workspaceId: INVOICES_WS } });
      expect((config.body as Body).recognizerHooks).toEqual(['purchase-orders']);
    });

    it('is for developers only, and another tenant does not find the workspace', async () => {
      for (const role of ['Administrator', 'Manager', 'Reviewer']) {
        const token = await as(role);
        expect((await t.call('GET', `${V}/AvailableHooks`, { token, query: { hookServiceType: '70' } })).status).toBe(
          403,
        );
        expect(
          (await t.call('PATCH', `${V}/RecognizerHooks/${INVOICES_WS}`, { token, body: { recognizerHooks: [] } }))
            .status,
        ).toBe(403);
      }
      // A Globex developer, made for this check, reaches Globex's workspace and not Acme's.
      const globexDev = await t.tokenFor(GLOBEX_ADMIN);
      await t.server.database.db
        .updateTable('tenant_memberships')
        .set({ role_id: roleByName('Developer').id })
        .where('user_id', '=', userIdOf(GLOBEX_ADMIN))
        .execute();
      try {
        expect(
          (
            await t.call('PATCH', `${V}/RecognizerHooks/${INVOICES_WS}`, {
              token: globexDev,
              body: { recognizerHooks: [] },
            })
          ).status,
        ).toBe(404);
        expect(
          (
            await t.call('PATCH', `${V}/RecognizerHooks/${GLOBEX_INVOICES_WS}`, {
              token: globexDev,
              body: { recognizerHooks: [] },
            })
          ).status,
        ).toBe(200);
      } finally {
        await t.reset();
      }
    });
  });

  describe('in processing and delivery', () => {
    let hook: Awaited<ReturnType<typeof startHook>>;
    let taskId: string;
    beforeAll(async () => {
      hook = await startHook();
      t.config.recognizerHooks = { 'purchase-orders': hook.url };
      t.config.additionalQueues = ['priority'];
      await t.reset();
    });
    afterAll(async () => {
      t.config.recognizerHooks = {};
      t.config.additionalQueues = [];
      await hook.stop();
    });

    it('runs the workspace hooks after the recognizer and keeps what they add', async () => {
      const developer = await as('Developer');
      await t.call('PATCH', `${V}/RecognizerHooks/${INVOICES_WS}`, {
        token: developer,
        body: { recognizerHooks: ['purchase-orders'] },
      });
      taskId = await importInvoice(t, await as('Administrator'));
      expect((await processTaskNow(t, taskId)).status).toBe(60);
      expect(hook.received).toHaveLength(1);
      expect(hook.received[0]).toMatchObject({ hook: 'purchase-orders', taskId, workspaceId: INVOICES_WS });
      const sent = (hook.received[0]?.pages ?? []) as Body[];
      expect(String(sent[0]?.text)).toContain('Amazon');
      const page = await t.server.database.db
        .selectFrom('task_pages')
        .select('document')
        .where('task_id', '=', taskId)
        .where('page_number', '=', 1)
        .executeTakeFirstOrThrow();
      const entities = (page.document as { entities: Body[] }).entities;
      expect(entities.find((e) => e.category === 'PurchaseOrder')).toMatchObject({ type: 'hook' });
    }, 120_000);

    it('fails the task naming the hook when the hook answers an error', async () => {
      hook.fail.status = 503;
      try {
        const failing = await importInvoice(t, await as('Administrator'));
        const row = await processTaskNow(t, failing);
        expect(row.status).toBe(52);
        expect(row.last_error).toContain('purchase-orders answered 503');
      } finally {
        hook.fail.status = 0;
      }
    }, 120_000);

    it('delivers with the step configuration, and only a worker reading the redirected queue takes it', async () => {
      const db = t.server.database.db;
      await t.call('POST', `${V}/StepConfig/${INVOICES_WS}/${STORE}`, {
        token: await as('Manager'),
        body: { configurationValues: { fileNamePrefix: 'acme-' } },
      });
      await t.call('PUT', `${V}/StepRedirected`, {
        token: await as('Developer'),
        body: { pipelineId: pipelineIdOf(INVOICES_WS), stepId: STORE, enabled: true, queueName: 'priority' },
      });
      await setTaskStatus(t, taskId, 90);
      await recordStatusChange(
        new TasksRepository(db, ACME_ID),
        { userId: userIdOf(demoEmail('Reviewer')), clientId: null, label: 'Reviewer' },
        taskId,
        60,
        90,
        'Review finished',
      );
      expect(await claimNext(db, 'default-worker', [exportStage], 60_000)).toBeNull();
      expect(await claimNext(db, 'gpu-worker', [exportStage], 60_000, undefined, ['gpu'])).toBeNull();
      const claim = await claimNext(db, 'priority-worker', [exportStage], 60_000, undefined, ['priority']);
      expect(claim?.task.id).toBe(taskId);
      if (!claim) return;
      await runStage(claim, {
        db,
        storage: blobStorageFor(t.config),
        config: t.config,
        workerId: 'priority-worker',
        leaseMs: 60_000,
        shutdown: new AbortController().signal,
      });
      const integration = await db
        .selectFrom('task_integrations')
        .select(['status', 'message'])
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      expect(integration.status).toBe(3);
      expect(integration.message).toMatch(/^Stored acme-.+\.json/);
    }, 60_000);
  });
});
