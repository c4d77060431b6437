/**
 * Template edit, for-developers: what an integrator needs to reach the template through the API
 * (workspace id, kind, the template-builder calls), and per model version its id, a link to its
 * training trace (Templates.TracesDashboardView) and its events (Templates.ListEvents).
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { modelEventsQuery, modelsQuery } from './queries';

/** The calls a developer makes for this template, as they are written (not words to translate). */
const templateCalls = (id: string) => [
  `GET /api/v1/TemplateBuilder/fields/${id}`,
  `GET /api/v1/TemplateBuilder/validToTrain?workspaceId=${id}`,
  `POST /api/v1/TemplateBuilder/train?workspaceId=${id}&templateType=…`,
];

export function TemplateDevelopers({ template }: { template: Schema<'WorkspaceMembership'> }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const models = useQuery({ ...modelsQuery(api, template.workspaceId), enabled: can('Templates.ModelsList') });
  const id = template.workspaceId;
  return (
    <div className="rd-templates__developers" data-testid="templates.developers">
      <dl className="rd-admin__facts">
        <dt>{t('templates.developers.workspaceId')}</dt>
        <dd>
          <code>{id}</code>
        </dd>
        <dt>{t('templates.developers.templateType')}</dt>
        <dd>
          <code>{template.templateType}</code> {t(`templates.kinds.${template.templateType === 50 ? '50' : '30'}`)}
        </dd>
        <dt>{t('templates.developers.calls')}</dt>
        <dd>
          {templateCalls(id).map((call, index) => (
            <Fragment key={call}>
              {index > 0 ? <br /> : null}
              <code>{call}</code>
            </Fragment>
          ))}
        </dd>
      </dl>
      {can('Templates.ModelsList') ? (
        <QueryStates query={models}>
          {(page) =>
            page.items.length === 0 ? (
              <p className="rd-admin__note">{t('templates.training.noModels')}</p>
            ) : (
              <ul className="rd-templates__dev-models">
                {page.items.map((model) => (
                  <DeveloperModel key={model.id} model={model} />
                ))}
              </ul>
            )
          }
        </QueryStates>
      ) : null}
    </div>
  );
}

function DeveloperModel({ model }: { model: Schema<'CustomModel'> }) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const [showEvents, setShowEvents] = useState(false);
  const traces = useQuery({
    ...api.queryOptions('get', '/api/v{version}/TemplateBuilder/TracesDashboardUrl/{modelId}', {
      params: { path: { modelId: model.id } },
    }),
    enabled: can('Templates.TracesDashboardView'),
  });
  const events = useQuery({ ...modelEventsQuery(api, model.id), enabled: showEvents });
  return (
    <li data-testid={`templates.dev-model.${model.versionNumber}`}>
      <span>{t('templates.training.version', { n: model.versionNumber })}</span> <code>{model.id}</code>
      {traces.data ? (
        <a href={traces.data} target="_blank" rel="noreferrer">
          {t('templates.developers.traces')}
        </a>
      ) : null}
      {can('Templates.ListEvents') ? (
        <Button variant="ghost" onClick={() => setShowEvents((s) => !s)} aria-expanded={showEvents}>
          {t('templates.developers.events')}
        </Button>
      ) : null}
      {showEvents ? (
        <QueryStates query={events}>
          {(list) => (
            <ol className="rd-templates__events" data-testid="templates.events">
              {list.map((event, i) => (
                // Events have no id of their own; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i}>
                  <time dateTime={event.createdOn}>{new Date(event.createdOn).toLocaleString(culture)}</time>{' '}
                  {event.eventDescription}
                </li>
              ))}
            </ol>
          )}
        </QueryStates>
      ) : null}
    </li>
  );
}
