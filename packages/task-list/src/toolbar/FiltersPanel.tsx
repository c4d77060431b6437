/**
 * The filter form: statuses grouped as product-spec §4 groups them, the labelling status in
 * labelling-and-training workspaces, creation dates, batch, who has the task checked out, and
 * external id. Edits are local until "Apply", so the list is
 * not re-queried on every keystroke.
 */

import { enumTextKey } from '@reviewdesk/api-client';
import { Button, Checkbox, Input, Select, useApiClient, useUiTranslation } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTaskListTranslation } from '../i18n/resources';
import { EMPTY_FILTERS, type TaskFilters } from '../model/query';
import { statusGroups } from '../model/statusGroups';
import { LABELLING_STATUSES } from '../model/taskKinds';

export interface FiltersPanelProps {
  workspaceId: string;
  value: TaskFilters;
  onApply: (filters: TaskFilters) => void;
  /** The workspace labels tasks for training: offer the labelling statuses. */
  labelling?: boolean;
}

/** LabellingStatus codes of the contract and their strings: ToClassify, ToClassifyWithNewFields, Classified. */
export function FiltersPanel({ workspaceId, value, onApply, labelling = false }: FiltersPanelProps) {
  const { t } = useTaskListTranslation();
  const ui = useUiTranslation();
  const api = useApiClient();
  const [draft, setDraft] = useState<TaskFilters>(value);
  const batches = useQuery(
    api.queryOptions('post', '/api/v{version}/SdBatch/GetWithPagination/{workspaceId}', {
      params: { path: { workspaceId } },
      body: { pageNumber: 1, pageSize: 200 },
    }),
  );
  const users = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/ValidUsersForTaskAssignment', {
      params: { query: { workspaceId, includeSelf: true } },
    }),
  );
  const toggleStatus = (code: number, on: boolean) =>
    setDraft((d) => ({ ...d, statuses: on ? [...d.statuses, code] : d.statuses.filter((s) => s !== code) }));
  const toggleLabelling = (code: number, on: boolean) =>
    setDraft((d) => ({
      ...d,
      labellingStatuses: on ? [...d.labellingStatuses, code] : d.labellingStatuses.filter((s) => s !== code),
    }));

  return (
    <form
      className="rd-task-list__filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
      data-testid="task-list.filters"
    >
      <fieldset className="rd-task-list__fieldset rd-task-list__statuses">
        <legend className="rd-field__label">{t('filters.status')}</legend>
        {statusGroups().map((group) => (
          <div key={group.id} className="rd-task-list__status-group">
            <div className="rd-task-list__status-group-title">{t(`filters.statusGroups.${group.id}`)}</div>
            {group.codes.map((code) => (
              <Checkbox
                key={code}
                label={ui.t(enumTextKey('TaskStatus', code) ?? 'taskStatus.unknown', { code })}
                checked={draft.statuses.includes(code)}
                onChange={(event) => toggleStatus(code, event.target.checked)}
              />
            ))}
          </div>
        ))}
      </fieldset>
      {labelling ? (
        <fieldset className="rd-task-list__fieldset" data-testid="task-list.filters.labelling">
          <legend className="rd-field__label">{t('filters.labelling')}</legend>
          {LABELLING_STATUSES.map(({ code, name }) => (
            <Checkbox
              key={code}
              label={t(`filters.labellingStatus.${name}`)}
              checked={draft.labellingStatuses.includes(code)}
              onChange={(event) => toggleLabelling(code, event.target.checked)}
              data-testid={`task-list.filters.labelling.${code}`}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="rd-task-list__filter-fields">
        <Input
          type="date"
          label={t('filters.createdFrom')}
          value={draft.createdFrom}
          onChange={(event) => setDraft((d) => ({ ...d, createdFrom: event.target.value }))}
        />
        <Input
          type="date"
          label={t('filters.createdTo')}
          value={draft.createdTo}
          onChange={(event) => setDraft((d) => ({ ...d, createdTo: event.target.value }))}
        />
        <Select
          label={t('filters.batch')}
          placeholder={t('filters.anyBatch')}
          value={draft.batchId}
          onChange={(event) => setDraft((d) => ({ ...d, batchId: event.target.value }))}
          options={(batches.data?.items ?? []).map((b) => ({ value: b.batchId, label: b.displayName }))}
        />
        <Select
          label={t('filters.assignee')}
          placeholder={t('filters.anyone')}
          value={draft.assignee}
          onChange={(event) => setDraft((d) => ({ ...d, assignee: event.target.value }))}
          options={(users.data ?? []).map((u) => ({ value: u.userId, label: u.name || u.userName || u.userId }))}
        />
        <Input
          label={t('filters.externalId')}
          value={draft.externalId}
          onChange={(event) => setDraft((d) => ({ ...d, externalId: event.target.value }))}
        />
      </div>
      <div className="rd-task-list__filter-actions">
        <Button
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('toolbar.clearFilters')}
        </Button>
        <Button type="submit" variant="primary" data-testid="task-list.filters.apply">
          {t('filters.apply')}
        </Button>
      </div>
    </form>
  );
}
