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

  it('offers the e-invoice XML export only for a task that keeps one', () => {
    const viewer = can('Task.View');
    expect(availableRowActions({ ...flags, status: 60, hasEInvoiceXml: true }, 'to-review', viewer)).toContain(
      'export-einvoice',
    );
    expect(availableRowActions({ ...flags, status: 60, hasEInvoiceXml: false }, 'to-review', viewer)).not.toContain(
      'export-einvoice',
    );
    expect(availableRowActions({ ...flags, status: 60 }, 'to-review', viewer)).not.toContain('export-einvoice');
    expect(
      availableRowActions({ ...flags, status: 60, hasEInvoiceXml: true, canBeExported: false }, 'to-review', viewer),
    ).not.toContain('export-einvoice');
    expect(
      availableRowActions({ ...flags, status: 60, hasEInvoiceXml: true }, 'to-review', can('Viewer.View')),
    ).not.toContain('export-einvoice');
    expect(
      availableRowActions({ ...flags, status: 60, hasEInvoiceXml: true }, 'to-review', viewer, { media: true }),
    ).not.toContain('export-einvoice');
  });

  it('offers the anonymised renders only for anonymisation tasks that can be exported', () => {
    const anonymised = ['export-anonymised-pdf', 'export-anonymised-png', 'export-anonymised-jpeg'];
    const viewer = can('Task.View');
    const task = { ...flags, status: 60 as const };
    expect(availableRowActions(task, 'to-review', viewer, { anonymisation: true })).toEqual(
      expect.arrayContaining(anonymised),
    );
    for (const action of anonymised) {
      expect(availableRowActions(task, 'to-review', viewer)).not.toContain(action);
      expect(
        availableRowActions({ ...task, canBeExported: false }, 'to-review', viewer, { anonymisation: true }),
      ).not.toContain(action);
      expect(availableRowActions(task, 'to-review', can('Viewer.View'), { anonymisation: true })).not.toContain(action);
      expect(availableRowActions(task, 'archive', viewer, { anonymisation: true })).not.toContain(action);
    }
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

describe('availableRowActions for recordings and partial servers', () => {
  const user = can('Task.View', 'Viewer.View', 'Task.Delete', 'Task.ListEvents', 'Index.ListLogs');

  it('offers a recording its transcript exports, never the document exports', () => {
    const actions = availableRowActions({ ...flags, status: 60 }, 'to-review', user, { media: true });
    expect(actions).toEqual(
      expect.arrayContaining(['export-transcript-txt', 'export-transcript-srt', 'export-transcript-word']),
    );
    expect(
      actions.filter((a) => ['export-excel', 'export-csv', 'export-json', 'export-xml', 'export-word'].includes(a)),
    ).toEqual([]);
    const document = availableRowActions({ ...flags, status: 60 }, 'to-review', user);
    expect(document).toEqual(expect.arrayContaining(['export-xml', 'export-word']));
    expect(document.filter((a) => a.startsWith('export-transcript'))).toEqual([]);
  });

  it('hides what the server does not implement', () => {
    const supports = (operation: string) => !operation.startsWith('Index_') && operation !== 'SdTask_Export';
    const actions = availableRowActions({ ...flags, status: 60 }, 'to-review', user, { supports });
    expect(actions).toContain('event-inspector');
    expect(actions).not.toContain('index-logs');
    expect(actions).not.toContain('export-csv');
    expect(actions).toContain('view');
  });

  it('offers the developer dashboard to those allowed', () => {
    expect(availableRowActions({ ...flags, status: 60 }, 'to-review', user)).not.toContain('devdashboard');
    expect(
      availableRowActions({ ...flags, status: 60 }, 'to-review', can('Task.View', 'Task.TracesDashboardView')),
    ).toContain('devdashboard');
  });

  it('offers sharing and its history to anyone who sees the task, except in the archive and for translations', () => {
    const viewer = can('Task.View');
    const task = { ...flags, status: 60 as const };
    expect(availableRowActions(task, 'to-review', viewer)).toEqual(
      expect.arrayContaining(['share', 'view-task-share-history']),
    );
    expect(availableRowActions(task, 'archive', viewer)).not.toContain('share');
    expect(availableRowActions(task, 'to-review', viewer, { shareable: false })).not.toContain('share');
    expect(availableRowActions(task, 'to-review', viewer, { shareable: false })).not.toContain(
      'view-task-share-history',
    );
    expect(availableRowActions(task, 'to-review', can('Viewer.View'))).not.toContain('share');
    const supports = (operation: string) => operation !== 'SdTask_Share';
    expect(availableRowActions(task, 'to-review', viewer, { supports })).not.toContain('share');
  });
});
