/**
 * The workspace's "predefined-speakers" tab: the speakers every transcript of the workspace offers
 * (Transcript PredefinedSpeakers), with their export prefix and suffix and the default speaker of new
 * paragraphs. Added, edited, reordered (drag, keyboard, buttons) and deleted in a draft; each row
 * says whether it is saved; one save replaces the list and the answer is what the server stored. A
 * failed save keeps the draft. Without Workspace.Edit or Task.Review (the
 * server's check) the list shows read-only.
 */
import { Button, Input, useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { ReorderableList } from '../lists/ReorderableList';
import { useListDraft } from '../lists/useListDraft';
import { WORKSPACE_TAB_SAVE_PERMISSIONS } from '../tabs';
import {
  SPEAKER_TEXT_MAX,
  type Speaker,
  sameSpeakers,
  speakerProblems,
  speakersToSend,
  unsavedSpeakers,
} from './speakersModel';

export interface PredefinedSpeakersTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

const speakersQuery = (api: ReturnType<typeof useApiClient>, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/Transcript/PredefinedSpeakers/{workspaceId}', {
    params: { path: { workspaceId } },
  });

export function PredefinedSpeakersTab({ workspaceId, ...events }: PredefinedSpeakersTabProps) {
  const api = useApiClient();
  const speakers = useQuery(speakersQuery(api, workspaceId));
  return (
    <QueryStates query={speakers}>
      {(saved) => <SpeakersForm key={speakers.dataUpdatedAt} workspaceId={workspaceId} saved={saved} {...events} />}
    </QueryStates>
  );
}

function SpeakersForm({ workspaceId, saved, ...events }: PredefinedSpeakersTabProps & { saved: Speaker[] }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const editable = can(WORKSPACE_TAB_SAVE_PERMISSIONS['predefined-speakers'] ?? []);
  const list = useListDraft({
    saved,
    same: sameSpeakers,
    problemsOf: speakerProblems,
    send: async (draft) => {
      const body = speakersToSend(draft);
      const { data } = await api.PATCH('/api/v{version}/Transcript/PredefinedSpeakers/{workspaceId}', {
        params: { path: { workspaceId } },
        body,
      });
      return data ?? body;
    },
    queryKey: speakersQuery(api, workspaceId).queryKey,
    savedEvent: { screen: 'workspace', tab: 'predefined-speakers', workspaceId },
    events,
  });
  const { draft, setDraft, problems, touched } = list;
  const unsaved = unsavedSpeakers(draft, saved);

  const change = (id: string, patch: Partial<Speaker>) =>
    setDraft((d) =>
      d.map((s) => (s.speakerId === id ? { ...s, ...patch } : patch.isDefault ? { ...s, isDefault: false } : s)),
    );
  const label = (s: Speaker, index: number) =>
    s.speakerName.trim() || t('workspace.speakers.untitled', { position: index + 1 });
  const problemText = (id: string) => {
    const found = problems.get(id)?.name;
    return touched && found ? t(`workspace.speakers.problems.${found}`, { max: SPEAKER_TEXT_MAX }) : null;
  };
  const affixText = (id: string) =>
    touched && problems.get(id)?.affix ? t('workspace.speakers.problems.tooLong', { max: SPEAKER_TEXT_MAX }) : null;

  return (
    <form
      className="rd-admin__form rd-admin__form--wide"
      onSubmit={list.submit}
      noValidate
      data-testid="workspace.speakers"
    >
      <ReadOnlyNote editable={editable} />
      <p className="rd-admin__muted">{t('workspace.speakers.intro')}</p>
      <fieldset className="rd-admin__fieldset" disabled={!editable || list.pending}>
        {draft.length === 0 ? (
          <p className="rd-admin__muted" data-testid="workspace.speakers.empty">
            {t('workspace.speakers.empty')}
          </p>
        ) : null}
        <ReorderableList
          items={draft}
          keyOf={(s) => s.speakerId ?? ''}
          labelOf={label}
          onMove={list.move}
          disabled={!editable}
          data-testid="workspace.speakers.list"
        >
          {(speaker, index) => {
            const id = speaker.speakerId ?? '';
            return (
              <div className="rd-admin-list__row">
                <Input
                  className="rd-admin-list__narrow"
                  label={t('workspace.speakers.prefix')}
                  value={speaker.speakerPrefix ?? ''}
                  maxLength={SPEAKER_TEXT_MAX}
                  onChange={(e) => change(id, { speakerPrefix: e.target.value })}
                  error={affixText(id)}
                  data-testid={`workspace.speakers.prefix.${index}`}
                />
                <Input
                  className="rd-admin-list__grow"
                  label={t('workspace.speakers.name')}
                  required
                  value={speaker.speakerName}
                  onChange={(e) => change(id, { speakerName: e.target.value })}
                  error={problemText(id)}
                  data-focus-on-add
                  data-testid={`workspace.speakers.name.${index}`}
                />
                <Input
                  className="rd-admin-list__narrow"
                  label={t('workspace.speakers.suffix')}
                  value={speaker.speakerSuffix ?? ''}
                  maxLength={SPEAKER_TEXT_MAX}
                  onChange={(e) => change(id, { speakerSuffix: e.target.value })}
                  data-testid={`workspace.speakers.suffix.${index}`}
                />
                <label className="rd-admin__choice rd-admin-list__default">
                  <input
                    type="radio"
                    name={`rd-speakers-default-${workspaceId}`}
                    className="rd-focusable"
                    checked={speaker.isDefault === true}
                    onChange={() => change(id, { isDefault: true })}
                    data-testid={`workspace.speakers.default.${index}`}
                  />
                  <span>{t('workspace.speakers.isDefault')}</span>
                </label>
                <span
                  className={`rd-admin__chip${unsaved.has(id) ? '' : ' rd-admin__chip--on'}`}
                  data-testid={`workspace.speakers.state.${index}`}
                >
                  {unsaved.has(id) ? t('workspace.lists.unsaved') : t('workspace.lists.saved')}
                </span>
                {editable ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDraft((d) => d.filter((s) => s.speakerId !== id))}
                    aria-label={t('workspace.lists.deleteNamed', { name: label(speaker, index) })}
                    data-testid={`workspace.speakers.delete.${index}`}
                  >
                    {t('workspace.lists.delete')}
                  </Button>
                ) : null}
              </div>
            );
          }}
        </ReorderableList>
        {editable ? (
          <div className="rd-admin__actions rd-admin__actions--start">
            {draft.some((s) => s.isDefault) ? (
              <Button
                variant="ghost"
                onClick={() => setDraft((d) => d.map((s) => ({ ...s, isDefault: false })))}
                data-testid="workspace.speakers.noDefault"
              >
                {t('workspace.speakers.noDefault')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={() =>
                list.add(
                  { speakerId: crypto.randomUUID(), speakerName: '', isDefault: false },
                  'workspace.speakers.list',
                )
              }
              data-testid="workspace.speakers.add"
            >
              {t('workspace.speakers.add')}
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
        testId="workspace.speakers"
      />
    </form>
  );
}
