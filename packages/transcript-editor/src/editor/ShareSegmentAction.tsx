/**
 * Share a segment of the recording (product-spec §1, §5): from the player's current time, a start
 * and an end, a message of at most 256 characters, an expiry of 1 to 90 days (31 by default) and
 * the addresses to mail the link to. The server answers the public link at once and prepares the
 * segment in the background; the link is shown to copy. The toolbar (its row or its "More" menu)
 * opens the dialog through the editor's panels.
 */
import { Button, Dialog, Input, useApiClient, useCan, useUiTranslation } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { useEditor, usePanels, usePlayback, useSession } from './context.js';
import { SECONDS_INPUT } from './seconds-input.js';

/** A segment share lasts 1 to 90 days, 31 by default; its message is at most 256 characters (product-spec §5). */
export const SEGMENT_SHARE_DAYS = { min: 1, max: 90, default: 31 } as const;
export const SEGMENT_DESCRIPTION_MAX = 256;
/** Length of the segment proposed from the current time. */
const PROPOSED_SECONDS = 30;

const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Whether this person may share a segment of the open recording. */
export function useCanShareSegment(): boolean {
  const can = useCan();
  const taskId = useSession((s) => s.taskId);
  return can('Task.ShareMediaSegment') && Boolean(taskId);
}

/** The dialog, while the panels say it is open; it proposes a segment from where the player is. */
export function ShareSegmentDialog() {
  const open = usePanels((p) => p.share);
  const allowed = useCanShareSegment();
  return open && allowed ? <ShareSegmentForm /> : null;
}

/** Test ids: `share-segment.start`, `share-segment.end`, `share-segment.days`, `share-segment.send`, `share-segment.link`. */
function ShareSegmentForm() {
  const { t } = useEditorTranslation();
  const { t: ui } = useUiTranslation();
  const api = useApiClient();
  const { playback, panels } = useEditor();
  const taskId = useSession((s) => s.taskId) as string;
  const duration = usePlayback((s) => s.duration);
  // Proposed once, when the dialog opens: from the current time, for 30 s (inside the recording).
  const [from] = useState(() => Math.floor(playback.time()));
  const [start, setStart] = useState(String(from));
  const [end, setEnd] = useState(() =>
    String(Math.min(from + PROPOSED_SECONDS, Math.floor(duration) || from + PROPOSED_SECONDS)),
  );
  const [days, setDays] = useState(String(SEGMENT_SHARE_DAYS.default));
  const [description, setDescription] = useState('');
  const [recipients, setRecipients] = useState('');
  const share = useMutation(api.mutationOptions('post', '/api/v{version}/SdTaskShare/ShareMediaSegment'));
  const close = () => panels.setState({ share: false });

  const startSeconds = Number(start);
  const endSeconds = Number(end);
  const dayCount = Number(days);
  const emails = addresses(recipients);
  const rangeError =
    !(startSeconds >= 0) || !(endSeconds > startSeconds) || (duration > 0 && endSeconds > duration + 0.5)
      ? t('shareSegment.rangeInvalid')
      : null;
  const daysError =
    Number.isInteger(dayCount) && dayCount >= SEGMENT_SHARE_DAYS.min && dayCount <= SEGMENT_SHARE_DAYS.max
      ? null
      : t('shareSegment.daysInvalid', { min: SEGMENT_SHARE_DAYS.min, max: SEGMENT_SHARE_DAYS.max });
  const emailError = emails.every(looksLikeEmail) ? null : t('shareSegment.emailsInvalid');
  const submit = () =>
    share.mutate({
      body: {
        taskId,
        recipientEmails: emails,
        shareDescription: description.trim() || null,
        expiresHours: dayCount * 24,
        segmentStartSeconds: startSeconds,
        segmentEndSeconds: endSeconds,
      },
    });

  return (
    <Dialog
      open
      onOpenChange={close}
      title={t('shareSegment.title')}
      footer={
        <>
          <Button onClick={close}>{ui('common.close')}</Button>
          {share.data ? null : (
            <Button
              variant="primary"
              loading={share.isPending}
              disabled={Boolean(rangeError || daysError || emailError)}
              onClick={submit}
              data-testid="share-segment.send"
            >
              {t('shareSegment.send')}
            </Button>
          )}
        </>
      }
    >
      {share.data ? (
        <Input
          label={t('shareSegment.link')}
          readOnly
          value={share.data.shareUrl}
          hint={t('shareSegment.preparing')}
          data-testid="share-segment.link"
        />
      ) : (
        <>
          <Input
            {...SECONDS_INPUT}
            label={t('shareSegment.start')}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            data-testid="share-segment.start"
          />
          <Input
            {...SECONDS_INPUT}
            label={t('shareSegment.end')}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={rangeError}
            data-testid="share-segment.end"
          />
          <Input
            label={t('shareSegment.days')}
            type="number"
            min={SEGMENT_SHARE_DAYS.min}
            max={SEGMENT_SHARE_DAYS.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={daysError}
            data-testid="share-segment.days"
          />
          <Input
            label={t('shareSegment.description')}
            value={description}
            maxLength={SEGMENT_DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
            hint={t('shareSegment.descriptionCount', { count: description.length, max: SEGMENT_DESCRIPTION_MAX })}
          />
          <Input
            label={t('shareSegment.recipients')}
            value={recipients}
            onChange={(e) => setRecipients(e.target.value)}
            hint={t('shareSegment.recipientsHint')}
            error={emailError}
          />
          {share.isError ? <p role="alert">{t('shareSegment.failed', { message: share.error.message })}</p> : null}
        </>
      )}
    </Dialog>
  );
}
