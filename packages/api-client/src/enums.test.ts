import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiEnums,
  type EnumCode,
  type EnumTextKey,
  enumCodeOf,
  enumMembers,
  enumNameOf,
  enumTextKey,
  enumTextKeys,
  type Schema,
} from './index.js';

describe('enum helpers', () => {
  it('map a code to its name and back', () => {
    expect(enumNameOf('TaskStatus', 60)).toBe('ToReview');
    expect(enumCodeOf('TaskStatus', 'ToReview')).toBe(60);
    expect(enumNameOf('ExportType', 0)).toBe('Excel');
    expect(enumCodeOf('AssignmentOrder', 'Sequence')).toBe(30);
    expect(enumNameOf('FieldChangeLevel', 0)).toBe('None');
  });

  it('round-trip every member of every enumeration in the contract', () => {
    for (const type of Object.keys(apiEnums) as (keyof typeof apiEnums)[]) {
      const members = enumMembers(type);
      expect(members.length, type).toBeGreaterThan(0);
      for (const { name, code } of members) {
        expect(enumNameOf(type, code), `${type}.${name}`).toBe(name);
        expect(enumCodeOf(type, name as never), `${type}.${name}`).toBe(code);
      }
    }
  });

  it('know the string enumeration TaskType, whose codes are its names', () => {
    expect(enumNameOf('TaskType', 'Transcript')).toBe('Transcript');
    expect(enumTextKey('TaskType', 'Transcript')).toBe('taskType.Transcript');
  });

  it('give undefined for codes the contract does not list', () => {
    expect(enumNameOf('TaskStatus', 61)).toBeUndefined();
    expect(enumNameOf('TaskStatus', null)).toBeUndefined();
    expect(enumTextKey('TaskStatus', 61)).toBeUndefined();
    expect(enumTextKey('TaskStatus', undefined)).toBeUndefined();
  });

  it('read a code known only from the second reading (x-alternative-reading)', () => {
    // Fuller reading: ExportFailed 92, ExportSuccessful 93. Shorter one: 93 and 94.
    expect(enumNameOf('TaskStatus', 93)).toBe('ExportSuccessful');
    expect(enumNameOf('TaskStatus', 94)).toBe('ExportSuccessful');
  });

  it('list members in the contract order', () => {
    expect(enumMembers('IntegrationStatus')).toEqual([
      { name: 'Never', code: 1 },
      { name: 'Queued', code: 2 },
      { name: 'Successful', code: 3 },
      { name: 'Failed', code: 4 },
    ]);
  });

  it('reject unknown enumerations and members', () => {
    expect(() => enumCodeOf('TaskStatus', 'Nope' as never)).toThrow("'Nope' is not a member of TaskStatus.");
    expect(() => enumMembers('Nope' as never)).toThrow("Unknown enumeration 'Nope'.");
  });
});

describe('i18n keys of status texts', () => {
  it('are the enumeration in lower camel case, a dot and the member', () => {
    expect(enumTextKey('TaskStatus', 60)).toBe('taskStatus.ToReview');
    expect(enumTextKey('TaskStatus', 'InReview')).toBe('taskStatus.InReview');
    expect(enumTextKey('IntegrationStatus', 4)).toBe('integrationStatus.Failed');
    expect(enumTextKey('ShareStatus', 30)).toBe('shareStatus.Success');
  });

  it('are listed for a whole enumeration', () => {
    const keys = enumTextKeys('TaskStatus');
    expect(keys).toHaveLength(enumMembers('TaskStatus').length);
    expect(keys).toContain('taskStatus.ToReview');
    expect(keys).toContain('taskStatus.PreProcessingUnknownLicenseError');
  });

  it('are typed', () => {
    expectTypeOf(enumTextKey('TaskStatus', 60)).toEqualTypeOf<EnumTextKey<'TaskStatus'> | undefined>();
    expectTypeOf<'taskStatus.ToReview'>().toExtend<EnumTextKey<'TaskStatus'>>();
    expectTypeOf<'taskStatus.Nope'>().not.toExtend<EnumTextKey<'TaskStatus'>>();
    expectTypeOf(enumCodeOf('TaskStatus', 'ToReview')).toEqualTypeOf<60>();
    // The helpers' codes are the generated schema types.
    expectTypeOf<EnumCode<'TaskStatus'>>().toEqualTypeOf<Schema<'TaskStatus'>>();
    expectTypeOf<EnumCode<'ExportType'>>().toEqualTypeOf<Schema<'ExportType'>>();
  });
});
