/**
 * The task's speakers (spec §4): rename (every paragraph follows at once), make default (the flag
 * leaves the others), remove (their paragraphs have no speaker; a speaker added and removed again
 * leaves no trace), add a new one or one of the workspace's. Each change is an edit of the
 * transcript: undo covers it and autosave sends it. Read-only reviewers see the list only.
 */
import { Button, Checkbox, Dialog, Input } from '@reviewdesk/ui';
import { useEffect, useMemo, useState } from 'react';
import { useEditor, usePanels, useSession } from '../editor/context.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { formatTime } from '../player/playback.js';
import {
  addSpeaker,
  makeDefaultSpeaker,
  removeSpeaker,
  renameSpeaker,
  speakerDurations,
} from '../session/speaker-edits.js';
import type { Speaker } from '../session/types.js';
import { useSpeakerOptions } from './useSpeakerOptions.js';

function SpeakerRow({ speaker, seconds, editable }: { speaker: Speaker; seconds: number; editable: boolean }) {
  const { t } = useEditorTranslation();
  const { session, announcer } = useEditor();
  const [name, setName] = useState(speaker.speakerName);
  // Undo and redo change the name under the field.
  useEffect(() => setName(speaker.speakerName), [speaker.speakerName]);
  const id = speaker.speakerId as string;
  // Enter and leaving the field both rename; only a new name is an edit, and it is said (the
  // paragraphs that follow it are out of sight behind the dialog).
  const rename = () => {
    const before = speaker.speakerName;
    const after = name.trim();
    if (!after || after === before) return;
    session.getState().edit('rename-speaker', (tr) => renameSpeaker(tr, id, after));
    announcer.getState().announce('announce.renamed', { before, after });
  };
  return (
    <li className="rd-transcript-speakers__row" data-testid={`speaker.${id}`}>
      {editable ? (
        <Input
          label={t('speakers.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') rename();
          }}
          data-testid={`speaker.${id}.name`}
        />
      ) : (
        <span>{speaker.speakerName}</span>
      )}
      <span className="rd-transcript-speakers__duration">{t('speakers.duration', { time: formatTime(seconds) })}</span>
      {editable ? (
        <>
          <Button
            size="sm"
            variant={speaker.isDefault ? 'secondary' : 'ghost'}
            aria-pressed={speaker.isDefault === true}
            onClick={() => session.getState().edit('default-speaker', (tr) => makeDefaultSpeaker(tr, id))}
            data-testid={`speaker.${id}.default`}
          >
            {t('speakers.default')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => session.getState().edit('remove-speaker', (tr) => removeSpeaker(tr, id))}
            aria-label={t('speakers.removeNamed', { name: speaker.speakerName })}
            data-testid={`speaker.${id}.remove`}
          >
            {t('speakers.remove')}
          </Button>
        </>
      ) : speaker.isDefault ? (
        <span>{t('speakers.default')}</span>
      ) : null}
    </li>
  );
}

export function SpeakersDialog() {
  const { t } = useEditorTranslation();
  const { session, panels } = useEditor();
  const open = usePanels((p) => p.speakers);
  // Read only while open: shut, the dialog would otherwise render and sum every paragraph's time
  // again on each edit.
  const transcript = useSession((s) => (open ? s.transcript : null));
  const editable = useSession((s) => s.mode === 'review' && !s.conflict);
  const options = useSpeakerOptions();
  const durations = useMemo(() => (transcript ? speakerDurations(transcript) : new Map()), [transcript]);
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const add = () => {
    const speakerName = name.trim();
    if (!speakerName) return;
    const speaker: Speaker = { speakerId: crypto.randomUUID(), speakerName, isDefault };
    session.getState().edit('add-speaker', (tr) => addSpeaker(tr, speaker));
    setName('');
    setIsDefault(false);
  };
  const workspace = options.filter((o) => !o.onTask);
  return (
    <Dialog
      open={open}
      onOpenChange={(speakers) => panels.setState({ speakers })}
      title={t('speakers.onTask')}
      size="md"
    >
      <div className="rd-transcript-speakers" data-testid="speakers.dialog">
        <ul className="rd-transcript-speakers__list" aria-label={t('speakers.onTask')}>
          {options
            .filter((o) => o.onTask)
            .map(({ speaker }) => (
              <SpeakerRow
                key={speaker.speakerId}
                speaker={speaker}
                seconds={durations.get(speaker.speakerId ?? null) ?? 0}
                editable={editable}
              />
            ))}
        </ul>
        {workspace.length ? (
          <>
            <h3 className="rd-transcript-speakers__heading">{t('speakers.fromWorkspace')}</h3>
            <ul className="rd-transcript-speakers__list">
              {workspace.map(({ speaker }) => (
                <li key={speaker.speakerId} className="rd-transcript-speakers__row">
                  <span>{speaker.speakerName}</span>
                  {editable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => session.getState().edit('add-speaker', (tr) => addSpeaker(tr, speaker))}
                      aria-label={t('speakers.addNamed', { name: speaker.speakerName })}
                      data-testid={`speaker.${speaker.speakerId}.add`}
                    >
                      {t('speakers.addToTask')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {editable ? (
          <div className="rd-transcript-speakers__add">
            <Input
              label={t('speakers.newName')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') add();
              }}
              data-testid="speakers.new-name"
            />
            <Checkbox
              label={t('speakers.default')}
              checked={isDefault}
              onChange={(e) => setIsDefault(e.currentTarget.checked)}
            />
            <Button size="sm" onClick={add} disabled={!name.trim()} data-testid="speakers.add">
              {t('speakers.add')}
            </Button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
