// Mail import on a demo server works out of the box (on loopback, since the receiver has no AUTH),
// and an operator's setting always wins.
import { describe, expect, it } from 'vitest';
import { DEMO_MAIL_IMPORT_PORT, loadConfig } from '../src/config.js';

const mailImportOf = (env: NodeJS.ProcessEnv) => {
  const { mailImportPort, mailImportHost, mailImportPortIsDemoDefault } = loadConfig(env);
  return { mailImportPort, mailImportHost, mailImportPortIsDemoDefault };
};

describe('mail import settings', () => {
  it('listens on the demo port on loopback when the demo data is on and nothing is set', () => {
    expect(mailImportOf({})).toEqual({
      mailImportPort: DEMO_MAIL_IMPORT_PORT,
      mailImportHost: '127.0.0.1',
      mailImportPortIsDemoDefault: true,
    });
  });

  it('is off without the demo data, or when turned off', () => {
    expect(mailImportOf({ SEED_DEMO_DATA: 'false' }).mailImportPort).toBeUndefined();
    expect(mailImportOf({ MAIL_IMPORT_PORT: 'off' }).mailImportPort).toBeUndefined();
  });

  it("takes the operator's port and interface", () => {
    expect(mailImportOf({ MAIL_IMPORT_PORT: '25', HOST: '0.0.0.0' })).toEqual({
      mailImportPort: 25,
      mailImportHost: '0.0.0.0',
      mailImportPortIsDemoDefault: false,
    });
    expect(mailImportOf({ MAIL_IMPORT_PORT: '2526', MAIL_IMPORT_HOST: '10.0.0.5' }).mailImportHost).toBe('10.0.0.5');
    expect(() => loadConfig({ MAIL_IMPORT_PORT: 'smtp' })).toThrow(/MAIL_IMPORT_PORT/);
  });
});
