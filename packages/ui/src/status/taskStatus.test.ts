// @vitest-environment node
import { enumMembers, enumTextKeys } from '@reviewdesk/api-client';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { taskStatusName, taskStatusTone } from './taskStatus';

describe('task statuses', () => {
  it('have a text for every status of the contract', () => {
    const ours = Object.keys(en.taskStatus)
      .filter((key) => key !== 'unknown')
      .map((key) => `taskStatus.${key}`);
    expect(ours.sort()).toEqual([...enumTextKeys('TaskStatus')].sort());
  });

  it('resolve codes to names, including the second reading of export codes', () => {
    expect(taskStatusName(60)).toBe('ToReview');
    expect(taskStatusName(94)).toBe('ExportSuccessful');
    expect(taskStatusName(999)).toBeUndefined();
  });

  it('give every status a tone, failures in danger', () => {
    for (const { name } of enumMembers('TaskStatus')) {
      if (/Failed|Error|Invalid|Expired|Insufficient/.test(name)) expect(taskStatusTone(name), name).toBe('danger');
      else expect(taskStatusTone(name), name).not.toBe('danger');
    }
    expect(taskStatusTone('RecognizingFailed')).toBe('danger');
    expect(taskStatusTone('GlossaryInvalidError')).toBe('danger');
    expect(taskStatusTone('ToReview')).toBe('primary');
    expect(taskStatusTone('Processed')).toBe('success');
    expect(taskStatusTone('QueuedForExport')).toBe('neutral');
    expect(taskStatusTone('RecognizingInProgress')).toBe('info');
    expect(taskStatusTone(undefined)).toBe('neutral');
  });
});
