/**
 * The workspace's "fields" tab: which fields are detected and in which order (reordered by drag, by
 * the arrow keys on a row's handle, or its buttons), fields and table columns added, edited and
 * deleted, and — before saving — what the change means for the tasks (product-spec §4): nothing,
 * "applies to the current task" or "requires reprocessing", with the offer to reprocess the tasks
 * waiting for review once such a change is saved.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Checkbox, useApiClient, useCan } from '@reviewdesk/ui';
import { useTemplateFieldsTranslation } from '@reviewdesk/ui/template-fields';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { moveItem } from '../../shared/moveItem';
import { QueryStates } from '../../shared/QueryStates';
import { useSaveReporter } from '../../shared/useSaveReporter';
import { useReorder } from '../lists/useReorder';
import { CustomModelSection } from './CustomModelSection';
import { FieldEditor } from './FieldEditor';
import {
  changeLevel,
  draftOf,
  type FieldChangeLevel,
  type FieldDefinition,
  type FieldsDraft,
  newField,
  TABLE_GROUP,
  updateOf,
} from './fieldsModel';

export interface FieldsTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export function FieldsTab({ workspaceId, ...events }: FieldsTabProps) {
  const api = useApiClient();
  const fields = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/Fields/{workspaceId}', { params: { path: { workspaceId } } }),
  );
  // Outside the editor, which starts afresh from each saved version of the fields.
  const [offerReprocess, setOfferReprocess] = useState(false);
  return (
    <QueryStates query={fields}>
      {(saved) => (
        <>
          <CustomModelSection workspaceId={workspaceId} {...events} />
          <FieldsEditor
            key={fields.dataUpdatedAt}
            workspaceId={workspaceId}
            saved={saved}
            onReprocessNeeded={() => setOfferReprocess(true)}
            {...events}
          />
          {offerReprocess ? (
            <ReprocessOffer workspaceId={workspaceId} onClose={() => setOfferReprocess(false)} {...events} />
          ) : null}
        </>
      )}
    </QueryStates>
  );
}

/** After a change that requires reprocessing: reprocess the tasks waiting for review (ToReview 60)? */
function ReprocessOffer({ workspaceId, onClose, ...events }: FieldsTabProps & { onClose: () => void }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const report = useSaveReporter(events);
  const reprocess = useMutation({
    mutationFn: async () => {
      await api.PATCH('/api/v{version}/SdTask/RestartProcessingMany', {
        body: {
          workspaceId,
          type: 10,
          allSelected: true,
          taskIdList: [],
          filters: [{ field: 'status', operator: 'in', value: [60] }],
        },
      });
    },
    onSuccess: () => {
      onClose();
      report.saved({ screen: 'workspace', tab: 'fields', workspaceId });
    },
    onError: (error: Error) => report.failed(error),
  });
  return (
    <div
      className="rd-admin__note rd-admin-fields__reprocess"
      role="status"
      data-testid="workspace.fields.reprocessOffer"
    >
      <span>{t('workspace.fields.reprocessOffer')}</span>
      <Button
        variant="primary"
        size="sm"
        loading={reprocess.isPending}
        onClick={() => reprocess.mutate()}
        data-testid="workspace.fields.reprocess"
      >
        {t('workspace.fields.reprocess')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClose}>
        {t('workspace.fields.notNow')}
      </Button>
    </div>
  );
}

const LEVEL_KEYS = {
  0: 'workspace.fields.level.none',
  10: 'workspace.fields.level.currentTask',
  20: 'workspace.fields.level.reprocess',
} as const satisfies Record<FieldChangeLevel, string>;

interface Editing {
  field: FieldDefinition;
  isNew: boolean;
}

function FieldsEditor({
  workspaceId,
  saved,
  onReprocessNeeded,
  ...events
}: FieldsTabProps & { saved: Schema<'WorkspaceFields'>; onReprocessNeeded: () => void }) {
  const { t } = useAdminPanelsTranslation();
  // Field type names are the template fields' own (one set of names for both screens).
  const { t: fieldT } = useTemplateFieldsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const [draft, setDraft] = useState<FieldsDraft>(() => draftOf(saved));
  const [editing, setEditing] = useState<Editing | null>(null);
  const level = changeLevel(saved, draft);
  const builtIn = new Set(saved.baseFields);

  const topLevel = draft.fields.filter((f) => !f.parentCategoryKey);
  const byKey = new Map(topLevel.map((f) => [f.categoryKey, f]));
  const selectedFields = draft.selected.map((k) => byKey.get(k)).filter((f): f is FieldDefinition => Boolean(f));
  const unselected = topLevel
    .filter((f) => !draft.selected.includes(f.categoryKey))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
  const columnsOf = (key: string) => draft.fields.filter((f) => f.parentCategoryKey === key);

  const { move, onHandleKey, dragProps, dragged, announcement } = useReorder({
    count: draft.selected.length,
    onMove: (from, to) => setDraft((d) => ({ ...d, selected: moveItem(d.selected, from, to) })),
    announce: (from, to) =>
      t('workspace.fields.moved', {
        name: selectedFields[from]?.displayName ?? '',
        position: to + 1,
        total: draft.selected.length,
      }),
    handleSelector: '.rd-admin-fields__handle',
  });
  const toggle = (key: string, on: boolean) =>
    setDraft((d) => ({ ...d, selected: on ? [...d.selected, key] : d.selected.filter((k) => k !== key) }));
  const remove = (field: FieldDefinition) =>
    setDraft((d) => ({
      fields: d.fields.filter((f) => f.categoryKey !== field.categoryKey && f.parentCategoryKey !== field.categoryKey),
      selected: d.selected.filter((k) => k !== field.categoryKey),
    }));
  const done = (field: FieldDefinition) => {
    setDraft((d) => {
      const exists = d.fields.some((f) => f.categoryKey === field.categoryKey);
      return {
        fields: exists ? d.fields.map((f) => (f.categoryKey === field.categoryKey ? field : f)) : [...d.fields, field],
        // A new top-level field is detected from the start, at the end of the order.
        selected: !exists && !field.parentCategoryKey ? [...d.selected, field.categoryKey] : d.selected,
      };
    });
    setEditing(null);
  };

  const save = useMutation({
    mutationFn: async () => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/Fields/{workspaceId}', {
        params: { path: { workspaceId } },
        body: updateOf(saved, draft),
      });
      if (data && !data.succeeded) throw new Error(data.errors.map((e) => e.message).join(' '));
      return data?.result;
    },
    onSuccess: (result) => {
      if ((result?.changeLevel ?? level) === 20 && can('Task.ReprocessMany')) onReprocessNeeded();
      report.saved({ screen: 'workspace', tab: 'fields', workspaceId });
      const key = api.queryOptions('get', '/api/v{version}/SdWorkspace/Fields/{workspaceId}', {
        params: { path: { workspaceId } },
      }).queryKey;
      if (result?.fields) queryClient.setQueryData(key, result.fields);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) => report.failed(error),
  });

  const row = (field: FieldDefinition, index: number | null) => {
    const selected = index !== null;
    const locked = field.editLocked === true;
    const columns = field.groupType === TABLE_GROUP ? columnsOf(field.categoryKey) : [];
    return (
      <li
        key={field.categoryKey}
        className={`rd-admin-fields__item${dragged === index && selected ? ' rd-admin-fields__item--dragged' : ''}`}
        data-testid={`workspace.fields.row.${field.categoryKey}`}
        {...(selected ? dragProps(index) : {})}
      >
        <div className="rd-admin-fields__line">
          {selected ? (
            <button
              type="button"
              className="rd-admin-fields__handle rd-focusable"
              aria-label={t('workspace.fields.handle', { name: field.displayName })}
              aria-describedby="rd-admin-fields-handle-hint"
              onKeyDown={onHandleKey(index)}
              data-testid={`workspace.fields.handle.${field.categoryKey}`}
            >
              ⠿
            </button>
          ) : (
            <span className="rd-admin-fields__handle-space" />
          )}
          <span
            className="rd-admin-fields__swatch"
            style={{ background: field.fillColor ?? '#0011ff1a', borderColor: field.strokeColor ?? '#0011ff' }}
            aria-hidden="true"
          />
          <Checkbox
            label={field.displayName}
            checked={selected}
            onChange={(e) => toggle(field.categoryKey, e.target.checked)}
            data-testid={`workspace.fields.detect.${field.categoryKey}`}
          />
          <code className="rd-admin__muted">{field.categoryKey}</code>
          <span className="rd-admin__muted">{fieldT(`types.${field.fieldConfig.type}`)}</span>
          {field.fieldConfig.isRequired ? (
            <span className="rd-admin__chip rd-admin__chip--on">{t('workspace.fields.requiredBadge')}</span>
          ) : null}
          <span className="rd-admin-fields__actions">
            {selected ? (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('workspace.fields.moveUp', { name: field.displayName })}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === draft.selected.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('workspace.fields.moveDown', { name: field.displayName })}
                >
                  ↓
                </Button>
              </>
            ) : null}
            {locked ? null : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setEditing({ field, isNew: false })}
                data-testid={`workspace.fields.edit.${field.categoryKey}`}
              >
                {t('workspace.fields.edit')}
              </Button>
            )}
            {locked || builtIn.has(field.categoryKey) ? null : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => remove(field)}
                aria-label={t('workspace.fields.deleteNamed', { name: field.displayName })}
                data-testid={`workspace.fields.delete.${field.categoryKey}`}
              >
                {t('workspace.fields.delete')}
              </Button>
            )}
          </span>
        </div>
        {field.groupType === TABLE_GROUP ? (
          <ul
            className="rd-admin-fields__columns"
            aria-label={t('workspace.fields.columnsOf', { name: field.displayName })}
          >
            {columns.map((column) => (
              <li key={column.categoryKey} className="rd-admin-fields__column">
                <span>{column.displayName}</span>
                <code className="rd-admin__muted">{column.categoryKey}</code>
                <span className="rd-admin__muted">{fieldT(`types.${column.fieldConfig.type}`)}</span>
                {column.editLocked ? null : (
                  <>
                    <Button size="sm" variant="ghost" onClick={() => setEditing({ field: column, isNew: false })}>
                      {t('workspace.fields.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => remove(column)}
                      aria-label={t('workspace.fields.deleteNamed', { name: column.displayName })}
                    >
                      {t('workspace.fields.delete')}
                    </Button>
                  </>
                )}
              </li>
            ))}
            <li>
              <Button
                size="sm"
                onClick={() => setEditing({ field: newField('', '', field.categoryKey), isNew: true })}
                data-testid={`workspace.fields.addColumn.${field.categoryKey}`}
              >
                {t('workspace.fields.addColumn')}
              </Button>
            </li>
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <div className="rd-admin__stack rd-admin-fields" data-testid="workspace.fields">
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button
          variant="secondary"
          onClick={() => setEditing({ field: newField('', ''), isNew: true })}
          data-testid="workspace.fields.add"
        >
          {t('workspace.fields.add')}
        </Button>
      </div>
      <p id="rd-admin-fields-handle-hint" className="rd-admin__muted">
        {t('workspace.fields.handleHint')}
      </p>
      <section aria-labelledby="rd-admin-fields-detected">
        <h3 id="rd-admin-fields-detected" className="rd-admin__subtitle">
          {t('workspace.fields.detected')}
        </h3>
        <ol className="rd-admin-fields__list" data-testid="workspace.fields.selected">
          {selectedFields.map((field, index) => row(field, index))}
        </ol>
      </section>
      {unselected.length > 0 ? (
        <section aria-labelledby="rd-admin-fields-others">
          <h3 id="rd-admin-fields-others" className="rd-admin__subtitle">
            {t('workspace.fields.notDetected')}
          </h3>
          <ul className="rd-admin-fields__list">{unselected.map((field) => row(field, null))}</ul>
        </section>
      ) : null}
      <p className="rd-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="rd-admin__actions">
        <span
          className={`rd-admin-fields__level rd-admin-fields__level--${level}`}
          data-testid="workspace.fields.level"
          data-level={level}
        >
          {t(LEVEL_KEYS[level])}
        </span>
        <Button disabled={level === 0 || save.isPending} onClick={() => setDraft(draftOf(saved))}>
          {t('common.reset')}
        </Button>
        <Button
          variant="primary"
          disabled={level === 0}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="workspace.fields.save"
        >
          {t('common.save')}
        </Button>
      </div>
      {editing ? (
        <FieldEditor
          field={editing.field}
          isNew={editing.isNew}
          others={draft.fields.filter((f) => f !== editing.field)}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
