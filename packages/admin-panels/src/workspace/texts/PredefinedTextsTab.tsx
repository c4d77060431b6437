/**
 * The workspace's "predefined-texts" tab: the texts reviewers insert in the viewer (SdWorkspace
 * PredefinedText). Texts are added, edited, reordered (drag, keyboard, buttons) and deleted in a
 * draft; each row says whether it is saved or not yet; one save replaces the list on the server. A
 * failed save keeps the draft. Without Workspace.Edit or Task.Review (the
 * server's check) the list shows read-only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Input, useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { ReorderableList } from '../lists/ReorderableList';
import { useListDraft } from '../lists/useListDraft';
import { WORKSPACE_TAB_SAVE_PERMISSIONS } from '../tabs';
import { type Problem, sameList, textProblems, unsavedIds } from './textsModel';

type PredefinedText = Schema<'PredefinedText'>;

export interface PredefinedTextsTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

const textsQuery = (api: ReturnType<typeof useApiClient>, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/SdWorkspace/PredefinedText/{workspaceId}', {
    params: { path: { workspaceId } },
  });

export function PredefinedTextsTab({ workspaceId, ...events }: PredefinedTextsTabProps) {
  const api = useApiClient();
  const texts = useQuery(textsQuery(api, workspaceId));
  return (
    <QueryStates query={texts}>
      {(saved) => <TextsForm key={texts.dataUpdatedAt} workspaceId={workspaceId} saved={saved} {...events} />}
    </QueryStates>
  );
}

function TextsForm({ workspaceId, saved, ...events }: PredefinedTextsTabProps & { saved: PredefinedText[] }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const editable = can(WORKSPACE_TAB_SAVE_PERMISSIONS['predefined-texts'] ?? []);
  const list = useListDraft<PredefinedText, Problem>({
    saved,
    same: sameList,
    problemsOf: textProblems,
    send: async (draft) => {
      const body = draft.map((text) => ({ id: text.id, text: text.text.trim() }));
      await api.PATCH('/api/v{version}/SdWorkspace/PredefinedText/{workspaceId}', {
        params: { path: { workspaceId } },
        body,
      });
      return body;
    },
    queryKey: textsQuery(api, workspaceId).queryKey,
    savedEvent: { screen: 'workspace', tab: 'predefined-texts', workspaceId },
    events,
  });
  const { draft, setDraft, problems, touched } = list;
  const unsaved = unsavedIds(draft, saved);
  const problemText = (id: string) => {
    const found = problems.get(id);
    return touched && found ? t(`workspace.texts.problems.${found}`) : null;
  };
  const label = (text: PredefinedText, index: number) =>
    text.text.trim() ? text.text.trim().slice(0, 40) : t('workspace.texts.untitled', { position: index + 1 });

  return (
    <form
      className="rd-admin__form rd-admin__form--wide"
      onSubmit={list.submit}
      noValidate
      data-testid="workspace.texts"
    >
      <ReadOnlyNote editable={editable} />
      <p className="rd-admin__muted">{t('workspace.texts.intro')}</p>
      <fieldset className="rd-admin__fieldset" disabled={!editable || list.pending}>
        {draft.length === 0 ? (
          <p className="rd-admin__muted" data-testid="workspace.texts.empty">
            {t('workspace.texts.empty')}
          </p>
        ) : null}
        <ReorderableList
          items={draft}
          keyOf={(text) => text.id}
          labelOf={label}
          onMove={list.move}
          disabled={!editable}
          data-testid="workspace.texts.list"
        >
          {(text, index) => (
            <div className="rd-admin-list__row">
              <Input
                className="rd-admin-list__grow"
                label={t('workspace.texts.text', { position: index + 1 })}
                value={text.text}
                onChange={(e) =>
                  setDraft((d) => d.map((other) => (other.id === text.id ? { ...other, text: e.target.value } : other)))
                }
                error={problemText(text.id)}
                data-testid={`workspace.texts.text.${index}`}
              />
              <span
                className={`rd-admin__chip${unsaved.has(text.id) ? '' : ' rd-admin__chip--on'}`}
                data-testid={`workspace.texts.state.${index}`}
              >
                {unsaved.has(text.id) ? t('workspace.lists.unsaved') : t('workspace.lists.saved')}
              </span>
              {editable ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDraft((d) => d.filter((other) => other.id !== text.id))}
                  aria-label={t('workspace.lists.deleteNamed', { name: label(text, index) })}
                  data-testid={`workspace.texts.delete.${index}`}
                >
                  {t('workspace.lists.delete')}
                </Button>
              ) : null}
            </div>
          )}
        </ReorderableList>
        {editable ? (
          <div className="rd-admin__actions rd-admin__actions--start">
            <Button
              variant="secondary"
              onClick={() => list.add({ id: crypto.randomUUID(), text: '' }, 'workspace.texts.list')}
              data-testid="workspace.texts.add"
            >
              {t('workspace.texts.add')}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <SaveBar
        editable={editable}
        dirty={list.dirty}
        pending={list.pending}
        error={list.serverError}
        onReset={list.reset}
        testId="workspace.texts"
      />
    </form>
  );
}
