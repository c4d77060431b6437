/**
 * `<TemplateList kind>`: the template lists of product-spec §2 — /templates/configure (each
 * template's fields, template edit with its tabs basic and for-developers), /templates/labelling
 * (what waits to be labelled, the way to label it) and /templates/training (readiness, Train, the
 * model versions and their activation). A template is the template of a labelling-and-training
 * workspace: the list names the workspace each belongs to and its kind of training.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, EmptyState, PermissionDeniedState, useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsStrings, useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { LabellingPanel } from './LabellingPanel';
import { trainingWorkspacesQuery } from './queries';
import { templatesStrings } from './strings';
import { TemplateEditor } from './TemplateEditor';
import { TrainingPanel } from './TrainingPanel';
import type { TemplateListKind } from './templateModels';

/** What `onOpenLabelling` receives: the workspace whose tasks the person wants to label. */
export interface TemplateOpenLabellingEvent {
  /** The labelling-and-training workspace whose tasks are to be labelled. */
  workspaceId: string;
}

/** Props of {@link TemplateList}. */
export interface TemplateListProps extends AdminPanelsEventProps {
  /** Which of the three lists. */
  kind: TemplateListKind;
  /** How often the training list is read again while a version trains, in ms (30 s by default). */
  pollIntervalMs?: number;
  /** Labelling: the person asked to label a workspace's tasks (the host opens its task list). */
  onOpenLabelling?: (event: TemplateOpenLabellingEvent) => void;
  /** Extra class on the component's root element. */
  className?: string;
}

/**
 * One of the three template lists.
 * @example
 * <TemplateList kind="training" onError={(e) => console.error(e)} />
 */
export function TemplateList({ kind, pollIntervalMs, onOpenLabelling, className, ...events }: TemplateListProps) {
  useAdminPanelsStrings(templatesStrings);
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const allowed = can('Templates.TemplateList');
  const list = useQuery({ ...trainingWorkspacesQuery(api), enabled: allowed });
  const [editing, setEditing] = useState<string | null>(null);
  if (!allowed) return <PermissionDeniedState />;
  return (
    <section
      className={['rd-admin rd-templates', className].filter(Boolean).join(' ')}
      data-testid={`templates.${kind}`}
    >
      <h2 className="rd-admin__title">{t(`templates.titles.${kind}`)}</h2>
      <p className="rd-admin__note">{t(`templates.intro.${kind}`)}</p>
      <QueryStates query={list}>
        {(templates) =>
          templates.length === 0 ? (
            <EmptyState title={t('templates.empty')} description={t('templates.emptyHint')} />
          ) : (
            <ul className="rd-templates__list">
              {templates.map((template) => (
                <li
                  key={template.workspaceId}
                  className="rd-templates__item"
                  data-testid={`templates.item.${template.workspaceId}`}
                >
                  <TemplateHeading template={template} />
                  {kind === 'configure' ? (
                    editing === template.workspaceId ? (
                      <TemplateEditor template={template} onClose={() => setEditing(null)} {...events} />
                    ) : (
                      <Button
                        onClick={() => setEditing(template.workspaceId)}
                        aria-label={t('templates.editNamed', { name: template.workspaceName })}
                        data-testid={`templates.edit.${template.workspaceId}`}
                      >
                        {t('templates.edit')}
                      </Button>
                    )
                  ) : null}
                  {kind === 'labelling' ? (
                    <LabellingPanel template={template} onOpenLabelling={onOpenLabelling} />
                  ) : null}
                  {kind === 'training' ? (
                    <TrainingPanel template={template} pollIntervalMs={pollIntervalMs} onError={events.onError} />
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryStates>
    </section>
  );
}

function TemplateHeading({ template }: { template: Schema<'WorkspaceMembership'> }) {
  const { t } = useAdminPanelsTranslation();
  return (
    <header className="rd-templates__heading">
      <h3 className="rd-templates__name">{template.workspaceName}</h3>
      <span className="rd-admin__badge">
        {t(`templates.kinds.${template.templateType === 50 ? '50' : template.templateType === 30 ? '30' : 'any'}`)}
      </span>
      {template.workspaceDescription ? (
        <p className="rd-templates__description">{template.workspaceDescription}</p>
      ) : null}
      <p className="rd-templates__workspace">{t('templates.workspace', { name: template.workspaceName })}</p>
    </header>
  );
}
