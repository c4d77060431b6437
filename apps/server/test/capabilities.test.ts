// Server/Capabilities: the operations the server implements, read from the handler map, so the
// app can hide what would answer 501; and the speech engines, each configured or saying why not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlers } from '../src/http/handlers/index.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';

describe.each(databaseKinds())('Server_GetCapabilities on %s', (kind) => {
  const t = useTestServer(kind);

  it('lists exactly the implemented operations, sorted', async () => {
    const res = await t.call('GET', '/api/v1/Server/Capabilities', { token: await t.tokenFor(demoEmail('Viewer')) });
    expect(res.status).toBe(200);
    const { operations } = res.body as { operations: string[] };
    expect(operations).toEqual(Object.keys(handlers).sort());
    expect(operations).toContain('Viewer_ViewerInit');
    expect(operations).toContain('Server_GetCapabilities');
  });

  it('leaves out an operation the server answers 501 for', async () => {
    const token = await t.tokenFor(demoEmail('Developer'));
    const { operations } = (await t.call('GET', '/api/v1/Server/Capabilities', { token })).body as {
      operations: string[];
    };
    expect(operations).not.toContain('SdTask_RenderFarmEvents');
    const missing = await t.call('POST', '/api/v1/SdTask/RenderFarmEvents', { token, body: {} });
    expect(missing.status).toBe(501);
  });

  it('lists the translation directions the engine offers (Apertium from Debian here)', async () => {
    const res = await t.call('GET', '/api/v1/Server/Capabilities', { token: await t.tokenFor(demoEmail('Viewer')) });
    const { translationPairs } = res.body as { translationPairs: Array<{ from: string; to: string }> };
    const { translatorFor } = await import('../src/translation/index.js');
    const offered = await translatorFor(t.config).pairs();
    expect(translationPairs).toEqual(offered.map(({ from, to }) => ({ from, to })));
    // The pairs the demo data and the translation e2e rely on.
    expect(translationPairs).toContainEqual({ from: 'en', to: 'es' });
  });

  interface EngineState {
    name: string;
    configured: boolean;
    isDefault: boolean;
    reason: string | null;
  }
  const engines = async () => {
    const res = await t.call('GET', '/api/v1/Server/Capabilities', { token: await t.tokenFor(demoEmail('Viewer')) });
    expect(res.status).toBe(200);
    return (res.body as { speechEngines: EngineState[] }).speechEngines;
  };

  it('reports pocketsphinx as the engine recordings go to and the model-folder engine as not configured', async () => {
    const saved = process.env.SPEECH_MODEL_DIR;
    delete process.env.SPEECH_MODEL_DIR;
    try {
      const list = await engines();
      expect(list.find((e) => e.name === 'pocketsphinx')).toMatchObject({
        configured: true,
        isDefault: true,
        reason: null,
      });
      const sherpa = list.find((e) => e.name === 'sherpa-onnx');
      expect(sherpa).toMatchObject({ configured: false, isDefault: false });
      expect(sherpa?.reason).toContain('not configured: set SPEECH_MODEL_DIR');
      expect(list.filter((e) => e.isDefault)).toHaveLength(1);
    } finally {
      if (saved !== undefined) process.env.SPEECH_MODEL_DIR = saved;
    }
  });

  it('follows SPEECH_MODEL_DIR: a folder without a model says what is missing, a model folder is configured', async () => {
    const saved = process.env.SPEECH_MODEL_DIR;
    const folder = mkdtempSync(join(tmpdir(), 'reviewdesk-model-'));
    try {
      process.env.SPEECH_MODEL_DIR = folder;
      let sherpa = (await engines()).find((e) => e.name === 'sherpa-onnx');
      expect(sherpa).toMatchObject({ configured: false, isDefault: true });
      expect(sherpa?.reason).toContain('missing an encoder');
      for (const file of [
        'encoder-epoch-99.int8.onnx',
        'decoder-epoch-99.onnx',
        'joiner-epoch-99.onnx',
        'tokens.txt',
      ]) {
        writeFileSync(join(folder, file), '');
      }
      sherpa = (await engines()).find((e) => e.name === 'sherpa-onnx');
      expect(sherpa).toMatchObject({ configured: true, isDefault: true, reason: null });
      expect((await engines()).find((e) => e.name === 'pocketsphinx')).toMatchObject({ isDefault: false });
    } finally {
      if (saved === undefined) delete process.env.SPEECH_MODEL_DIR;
      else process.env.SPEECH_MODEL_DIR = saved;
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/v1/Server/Capabilities')).status).toBe(401);
  });
});
