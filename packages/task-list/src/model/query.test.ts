import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterItems, listBody, selectionRequest } from './query';
import { statusGroups } from './statusGroups';

describe('filterItems', () => {
  it('sends nothing for empty filters', () => {
    expect(filterItems(EMPTY_FILTERS)).toEqual([]);
  });

  it('turns every filter into the server whitelist fields and operators', () => {
    const items = filterItems({
      statuses: [60, 70],
      createdFrom: '2026-11-01',
      createdTo: '2026-11-02',
      batchId: 'b-1',
      assignee: 'u-1',
      externalId: '  INV-7 ',
      labellingStatuses: [10, 20],
    });
    expect(items.map((i) => [i.field, i.operator])).toEqual([
      ['status', 'in'],
      ['createdOn', 'gte'],
      ['createdOn', 'lte'],
      ['batchId', 'eq'],
      ['assignedUserId', 'eq'],
      ['externalId', 'contains'],
      ['labellingStatus', 'in'],
    ]);
    expect(items[0]?.value).toEqual([60, 70]);
    expect(items[6]?.value).toEqual([10, 20]);
    expect(items[5]?.value).toBe('INV-7');
    // Whole local days: from local midnight to the last millisecond of the last day.
    const from = new Date(String(items[1]?.value));
    const to = new Date(String(items[2]?.value));
    expect([from.getHours(), from.getMinutes(), from.getDate()]).toEqual([0, 0, 1]);
    expect([to.getHours(), to.getMinutes(), to.getDate()]).toEqual([23, 59, 2]);
  });
});

describe('listBody and selectionRequest', () => {
  it('omits an empty search and keeps the server sort', () => {
    expect(
      listBody({
        search: '  ',
        filters: EMPTY_FILTERS,
        sort: { field: 'createdOn', descending: true },
        pageNumber: 3,
        pageSize: 50,
      }),
    ).toEqual({ filters: [], sort: [{ field: 'createdOn', descending: true }], pageNumber: 3, pageSize: 50 });
  });

  it('selects all matching tasks by filters, not ids, in the list of the tab', () => {
    const request = selectionRequest({
      workspaceId: 'w',
      tab: 'processed',
      filters: { ...EMPTY_FILTERS, statuses: [100] },
      taskIds: ['a'],
      allMatching: true,
    });
    expect(request).toEqual({
      workspaceId: 'w',
      type: 20,
      allSelected: true,
      taskIdList: [],
      filters: [{ field: 'status', operator: 'in', value: [100] }],
    });
    expect(
      selectionRequest({
        workspaceId: 'w',
        tab: 'to-review',
        filters: EMPTY_FILTERS,
        taskIds: ['a', 'b'],
        allMatching: false,
      }),
    ).toMatchObject({
      type: 10,
      allSelected: false,
      taskIdList: ['a', 'b'],
    });
  });
});

describe('status groups', () => {
  it('offer the statuses of product-spec §4 in its groups, each once', () => {
    const groups = statusGroups();
    expect(groups.map((g) => g.id)).toEqual([
      'deleting',
      'deleted',
      'queued',
      'preProcessing',
      'recognizing',
      'postProcessing',
      'export',
      'validation',
      'glossary',
      'review',
      'processed',
    ]);
    const codes = groups.flatMap((g) => g.codes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(groups.find((g) => g.id === 'review')?.codes).toEqual([60, 70]);
    expect(groups.find((g) => g.id === 'glossary')?.codes).toEqual([401, 402, 403, 404]);
  });
});
