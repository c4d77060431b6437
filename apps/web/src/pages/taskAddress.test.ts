import { describe, expect, it } from 'vitest';
import { taskAddress } from './taskAddress';

const base = { taskId: 't-1', workspaceId: 'w-1', fromHistory: false };

describe('taskAddress', () => {
  it('opens a document search hit at its page', () => {
    expect(taskAddress({ ...base, media: false, pageNumber: 4, startTimeSeconds: null })).toBe(
      '/task/viewer?taskId=t-1&workspaceId=w-1&page=4',
    );
  });

  it('opens a document search hit at its page with its matched words', () => {
    expect(taskAddress({ ...base, media: false, pageNumber: 1, matchedWords: '279.84' })).toBe(
      '/task/viewer?taskId=t-1&workspaceId=w-1&page=1&words=279.84',
    );
  });

  it('opens a recording search hit at its time, on the transcripts route', () => {
    expect(taskAddress({ ...base, media: true, pageNumber: null, startTimeSeconds: 12.5 })).toBe(
      '/task/viewer/transcripts?taskId=t-1&workspaceId=w-1&time=12.5',
    );
  });

  it('opens other rows without a place', () => {
    expect(taskAddress({ ...base, media: false, fromHistory: true })).toBe(
      '/task/viewer?taskId=t-1&workspaceId=w-1&fromHistory=true',
    );
  });
});
