/**
 * Gives the open viewer the template's fields: reads them (GetFields, re-read after every change
 * of the list) and puts them into the session's configuration, again whenever the session loads
 * the task anew (it brings the workspace's configuration back).
 */
import { useApiClient } from '@reviewdesk/ui';
import { templateFieldsQuery } from '@reviewdesk/ui/template-fields';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import type { SessionState } from '../session/session.js';
import type { WorkspaceConfiguration } from '../session/types.js';
import { useSession, useViewer } from '../viewer/context.js';
import { withTemplateFields } from './template-config.js';

/** The workspace (template) of the open task, once it is loaded. */
export function useTemplateWorkspaceId(): string | null {
  return useSession((s) => s.init?.workspaceConfig.id ?? null);
}

export function useTemplateConfig(workspaceId: string | null) {
  const api = useApiClient();
  const { session } = useViewer();
  const { t } = useViewerTranslation();
  const query = useQuery({ ...templateFieldsQuery(api, workspaceId ?? ''), enabled: workspaceId !== null });
  const fields = query.data;

  useEffect(() => {
    if (!fields) return;
    const applied = new WeakSet<WorkspaceConfiguration>();
    const apply = (state: SessionState) => {
      const init = state.init;
      if (!init || applied.has(init.workspaceConfig)) return;
      const workspaceConfig = withTemplateFields(init.workspaceConfig, fields, (parent, part) =>
        t('builder.partName', { parent, part }),
      );
      applied.add(workspaceConfig);
      session.setState({ init: { ...init, workspaceConfig } });
    };
    apply(session.getState());
    return session.subscribe(apply);
  }, [fields, session, t]);

  return query;
}
