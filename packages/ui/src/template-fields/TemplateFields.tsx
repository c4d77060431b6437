/**
 * The fields of a template (TemplateBuilder GetFields): add (PostFields, Templates.CreateField),
 * add a key–value part under a field, edit (PutField, Templates.UpdateField) and delete
 * (DeleteField, Templates.DeleteField, after a confirmation: the values labelled for it go too).
 * The template lists show it in template edit; the template builder of the document viewer shows
 * it beside the sample page, each field with its own actions (draw its region).
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../components/Button/Button';
import { EmptyState, ErrorState, LoadingState } from '../components/States/States';
import { useServerMessages } from '../i18n/server-messages';
import { useApiClient, useCan } from '../provider/hooks';
import { DYNAMIC_TABLE, newTemplateField, type TemplateField, typeOf } from './field-rules';
import { useTemplateFieldsTranslation } from './i18n';
import { TemplateFieldForm } from './TemplateFieldForm';
import { templateFieldsQuery } from './template-fields-query';
import { useTemplateFieldMutations } from './useTemplateFieldMutations';

export interface TemplateFieldsProps {
  workspaceId: string;
  /** After every saved change. */
  onSaved?: () => void;
  /** A refused or failed change; returns the message shown beside the form (default: the server's, translated). */
  onFailed?: (error: Error) => string | undefined;
  /** More actions of a field's row (the builder's "draw region"). */
  fieldActions?: (field: TemplateField) => ReactNode;
  /** What the list shows while the server does not offer the call (501); default: an error state. */
  notAvailable?: ReactNode;
  /** The list's heading (default "Fields") and its level in the host's outline (default 4). */
  title?: string;
  headingLevel?: 2 | 3 | 4 | 5;
}

type Editing = { kind: 'new'; parent: string | null } | { kind: 'edit'; uniqueId: string } | null;

/** Parents first, each followed by its key–value parts, in the template's order. */
export function inListOrder(fields: readonly TemplateField[]): TemplateField[] {
  const keys = new Set(fields.map((f) => f.categoryKey));
  const tops = fields.filter((f) => !f.parentCategoryKey || !keys.has(f.parentCategoryKey));
  return tops.flatMap((top) => [top, ...fields.filter((f) => f.parentCategoryKey === top.categoryKey)]);
}

export function TemplateFields({
  workspaceId,
  onSaved,
  onFailed,
  fieldActions,
  notAvailable,
  title,
  headingLevel = 4,
}: TemplateFieldsProps) {
  const { t } = useTemplateFieldsTranslation();
  const api = useApiClient();
  const can = useCan();
  const { errorMessage } = useServerMessages();
  const query = useQuery(templateFieldsQuery(api, workspaceId));
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { save, remove } = useTemplateFieldMutations(workspaceId, {
    onSaved: () => {
      setEditing(null);
      setConfirming(null);
      setServerError(null);
      onSaved?.();
    },
    onFailed: (error) => setServerError(onFailed?.(error) ?? errorMessage(error).message),
  });
  const open = (next: Editing) => {
    setServerError(null);
    setEditing(next);
  };

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const status = (query.error as { status?: number }).status;
    if (status === 501 && notAvailable) return <>{notAvailable}</>;
    return <ErrorState description={errorMessage(query.error).message} onRetry={() => void query.refetch()} />;
  }
  const fields = query.data;
  const form = (field: TemplateField, others: readonly TemplateField[]) => (
    <TemplateFieldForm
      field={field}
      others={others}
      saving={save.isPending}
      error={serverError}
      onSave={(f) => save.mutate(f)}
      onCancel={() => setEditing(null)}
    />
  );

  return (
    <section className="rd-template-fields" aria-labelledby={headingId} data-testid="templates.fields">
      <Heading id={headingId} className="rd-template-fields__legend">
        {title ?? t('title')}
      </Heading>
      {fields.length === 0 ? <EmptyState title={t('empty')} /> : null}
      <ul className="rd-template-fields__list">
        {inListOrder(fields).map((field) => {
          const type = typeOf(field);
          if (editing?.kind === 'edit' && editing.uniqueId === field.uniqueId) {
            return (
              <li key={field.uniqueId}>
                {form(
                  field,
                  fields.filter((f) => f.uniqueId !== field.uniqueId),
                )}
              </li>
            );
          }
          const partsOpen = editing?.kind === 'new' && editing.parent === field.categoryKey;
          return (
            <li
              key={field.uniqueId}
              className="rd-template-fields__field"
              data-part={field.parentCategoryKey ? true : undefined}
              data-testid={`templates.field.${field.categoryKey}`}
            >
              <span className="rd-template-fields__name">{field.displayName}</span>
              <code>{field.categoryKey}</code>
              <span>{t(`types.${type}` as 'types.50')}</span>
              {field.fieldConfig?.isRequired ? (
                <span className="rd-template-fields__badge">{t('requiredBadge')}</span>
              ) : null}
              {type === DYNAMIC_TABLE ? (
                <span className="rd-template-fields__columns">
                  {t('columnList', {
                    columns: (field.table?.tableHeaders ?? [])
                      .map((h) => (h.isRequired ? `${h.uniqueId}*` : h.uniqueId))
                      .join(', '),
                  })}
                </span>
              ) : null}
              <span className="rd-template-fields__actions">
                {fieldActions?.(field)}
                {can('Templates.CreateField') && !field.parentCategoryKey && type !== DYNAMIC_TABLE ? (
                  <Button
                    variant="ghost"
                    onClick={() => open({ kind: 'new', parent: field.categoryKey })}
                    aria-label={t('addPartNamed', { name: field.displayName })}
                    data-testid={`templates.field.${field.categoryKey}.addPart`}
                  >
                    {t('addPart')}
                  </Button>
                ) : null}
                {can('Templates.UpdateField') ? (
                  <Button
                    variant="ghost"
                    onClick={() => open({ kind: 'edit', uniqueId: field.uniqueId ?? '' })}
                    aria-label={t('editNamed', { name: field.displayName })}
                  >
                    {t('edit')}
                  </Button>
                ) : null}
                {can('Templates.DeleteField') ? (
                  confirming === field.uniqueId ? (
                    <>
                      <span role="alert">{t('deleteConfirm', { name: field.displayName })}</span>
                      <Button
                        variant="danger"
                        loading={remove.isPending}
                        onClick={() => remove.mutate(field.uniqueId ?? '')}
                        data-testid="templates.field.deleteConfirm"
                      >
                        {t('delete')}
                      </Button>
                      <Button variant="ghost" onClick={() => setConfirming(null)}>
                        {t('cancel')}
                      </Button>
                    </>
                  ) : (
                    <Button
                      variant="ghost"
                      onClick={() => setConfirming(field.uniqueId ?? null)}
                      aria-label={t('deleteNamed', { name: field.displayName })}
                    >
                      {t('delete')}
                    </Button>
                  )
                ) : null}
              </span>
              {partsOpen ? form(newTemplateField(field.categoryKey), fields) : null}
            </li>
          );
        })}
      </ul>
      {editing?.kind === 'new' && editing.parent === null ? (
        form(newTemplateField(), fields)
      ) : can('Templates.CreateField') ? (
        <Button onClick={() => open({ kind: 'new', parent: null })} data-testid="templates.fields.add">
          {t('add')}
        </Button>
      ) : null}
      {serverError && !editing ? (
        <p className="rd-field__error" role="alert">
          {serverError}
        </p>
      ) : null}
    </section>
  );
}
