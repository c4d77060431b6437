/**
 * The summary in the editor: a disclosure under the transcript, for people who may summarise
 * (Index.VideoTextualSummary). Nothing is fetched until it is opened.
 */
import { Button, useCan } from '@reviewdesk/ui';
import { useState } from 'react';
import { useEditor, useSession } from '../editor/context.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { SummaryPanel } from './SummaryPanel.js';

export function TaskSummary() {
  const { t } = useEditorTranslation();
  const can = useCan();
  const { playback } = useEditor();
  const taskId = useSession((s) => s.taskId);
  const isVideo = useSession((s) => s.media?.isVideo === true);
  const [open, setOpen] = useState(false);
  if (!taskId || !can('Index.VideoTextualSummary')) return null;
  return (
    <div className="rd-transcript-summary-slot">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => setOpen((now) => !now)}
        data-testid="summary.toggle"
      >
        {t('summary.show')}
      </Button>
      {open ? <SummaryPanel taskId={taskId} isVideo={isVideo} onSeek={(seconds) => playback.seek(seconds)} /> : null}
    </div>
  );
}
