// Server/Capabilities: the operations the server implements, read from the handler map, so the
// app can hide what would answer 501.
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
    expect(operations).not.toContain('Chatbot_IsConfigured');
    const missing = await t.call('GET', '/api/v1/Chatbot/IsConfigured', {
      token,
    });
    expect(missing.status).toBe(501);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/v1/Server/Capabilities')).status).toBe(401);
  });
});
