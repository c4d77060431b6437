import { createCan } from '@reviewdesk/ui';
import { describe, expect, it } from 'vitest';
import { availableRowActions } from './rowActions';

const can = (...permissions: string[]) =>
  createCan(permissions.map((p) => ({ subject: p.split('.')[0] ?? '', action: p.split('.')[1] ?? '' })));

const flags = { canBeReviewed: true, canBeExported: true, canBeDeleted: true, canBeReprocessed: true };

describe('availableRowActions', () => {
  it('needs both the permission and the task flag', () => {
    const everything = can('Task.View', 'Viewer.View', 'Task.Delete', 'Task.ReprocessMany', 'Task.Review');
    expect(availableRowActions({ ...flags, status: 60 }, 'to-review', everything)).toEqual(
      expect.arrayContaining(['view', 'reprocess', 'delete', 'export-excel']),
    );
    expect(availableRowActions({ ...flags, status: 60, canBeDeleted: false }, 'to-review', everything)).not.toContain(
      'delete',
    );
    expect(availableRowActions({ ...flags, status: 60 }, 'to-review', can('Task.View'))).not.toContain('delete');
    expect(availableRowActions({ ...flags, status: 60, canBeExported: false }, 'to-review', everything)).not.toContain(
      'export-csv',
    );
  });

  it('offers finishReview only for a task in review the user may review', () => {
    const reviewer = can('Task.Review', 'Task.View');
    expect(availableRowActions({ ...flags, status: 70 }, 'to-review', reviewer)).toContain('finishReview');
    expect(availableRowActions({ ...flags, status: 60 }, 'to-review', reviewer)).not.toContain('finishReview');
    expect(availableRowActions({ ...flags, status: 70, canBeReviewed: false }, 'to-review', reviewer)).not.toContain(
      'finishReview',
    );
  });

  it('offers recover only in the archive, and nothing that needs a live task there', () => {
    const actions = availableRowActions(
      { ...flags, status: 20 },
      'archive',
      can('Task.Delete', 'Task.View', 'Task.ListEvents'),
    );
    expect(actions).toEqual(['event-inspector', 'recover']);
  });
});
