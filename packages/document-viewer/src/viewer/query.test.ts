// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatViewerQuery, parseViewerQuery } from './query.js';

describe('viewer query parameters (spec §2)', () => {
  it('reads the ten parameters and ignores empty and unknown ones', () => {
    expect(parseViewerQuery('?taskId=t1&workspaceId=w1&batchId=&nextIn=batch&foo=bar&timestamp=5')).toEqual({
      taskId: 't1',
      workspaceId: 'w1',
      nextIn: 'batch',
      timestamp: '5',
    });
  });

  it('writes them back in the spec order', () => {
    expect(formatViewerQuery({ timestamp: '9', externalId: 'INV 7', taskId: 't' })).toBe(
      'taskId=t&externalId=INV+7&timestamp=9',
    );
  });
});
