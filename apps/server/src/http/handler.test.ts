import { describe, expect, it } from 'vitest';
import { combineHandlers, defineHandlers, publicCall, requires } from './handler.js';
import { handlers } from './handlers/index.js';

describe('combineHandlers', () => {
  it('refuses an operationId bound twice, so the server does not start with a hidden handler', () => {
    const first = defineHandlers({ HealthCheck_Get: publicCall(async () => 'first') });
    const second = defineHandlers({ HealthCheck_Get: publicCall(async () => 'second') });
    expect(() => combineHandlers(first, second)).toThrow('The operation HealthCheck_Get has two handlers.');
  });

  it('joins distinct operations', () => {
    const joined = combineHandlers(
      defineHandlers({ HealthCheck_Get: publicCall(async () => 'ok') }),
      defineHandlers({ SdTask_GetById: requires(['Task.View'], async ({ params }) => params.id) }),
    );
    expect(Object.keys(joined).sort()).toEqual(['HealthCheck_Get', 'SdTask_GetById']);
  });

  it('built the server handler map without a duplicate', () => {
    expect(Object.keys(handlers).length).toBeGreaterThan(50);
  });
});
