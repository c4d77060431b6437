/**
 * Export from the editor (spec: type, includeTimestamps, includeSpeakers, mergeParagraphs and the
 * selection): a button and its dialog. The file is made by the server from what it has stored, so
 * pending edits are saved first; subtitles tasks offer SubRip and WebVTT only. Shown beside the
 * review tools (the toolbar's row or its "More" menu opens it through the editor's panels) and on
 * the finished screen (a reviewer often exports right after finishing).
 */
import { Button, Checkbox, Dialog, Select, saveFile, useApiClient, useUiTranslation } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useEditor, usePanels, useSession } from '../editor/context.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import {
  defaultChoice,
  type ExportChoice,
  type ExportScope,
  formatsFor,
  isTimedFormat,
  requestExport,
} from './export-request.js';

const SCOPES: readonly ExportScope[] = ['task', 'workspace'];

/** Whether the open task can be exported (its ids are known). */
export function useCanExport(): boolean {
  const taskId = useSession((s) => s.taskId);
  const workspaceId = useSession((s) => s.init?.workspaceConfig.id);
  return Boolean(taskId && workspaceId);
}

/** The finished screen's button and the dialog. Test id: `export.open`. */
export function ExportAction() {
  const { t } = useEditorTranslation();
  const { panels } = useEditor();
  if (!useCanExport()) return null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => panels.setState({ export: true })} data-testid="export.open">
        {t('export.open')}
      </Button>
      <ExportDialog />
    </>
  );
}

/** The dialog, while the panels say it is open, with the defaults of the task's type. */
export function ExportDialog() {
  const open = usePanels((p) => p.export);
  const allowed = useCanExport();
  return open && allowed ? <ExportForm /> : null;
}

/** Test ids: `export.format`, `export.timestamps`, `export.speakers`, `export.merge`, `export.scope`, `export.download`. */
function ExportForm() {
  const { t } = useEditorTranslation();
  const { t: ui } = useUiTranslation();
  const api = useApiClient();
  const { session, panels } = useEditor();
  const taskId = useSession((s) => s.taskId) as string;
  const workspaceId = useSession((s) => s.init?.workspaceConfig.id) as string;
  const taskType = useSession((s) => s.init?.workspaceConfig.taskType);
  const [choice, setChoice] = useState<ExportChoice>(() => defaultChoice(taskType));
  const close = () => panels.setState({ export: false });
  const run = useMutation({
    mutationFn: async (chosen: ExportChoice) => {
      // The server exports what it has stored: the reviewer's last words go first.
      if (session.getState().dirty) await session.getState().flush();
      return requestExport(api, { taskId, workspaceId }, chosen);
    },
    onSuccess: (file) => {
      saveFile(file);
      close();
    },
  });
  const change = (patch: Partial<ExportChoice>) => setChoice((c) => ({ ...c, ...patch }));

  return (
    <Dialog
      open
      onOpenChange={close}
      title={t('export.title')}
      footer={
        <>
          <Button onClick={close}>{ui('common.close')}</Button>
          <Button
            variant="primary"
            loading={run.isPending}
            onClick={() => run.mutate(choice)}
            data-testid="export.download"
          >
            {t('export.download')}
          </Button>
        </>
      }
    >
      <Select
        label={t('export.format')}
        value={choice.format}
        options={formatsFor(taskType).map((format) => ({
          value: format,
          label: ui(`transcriptExportType.${format}`),
        }))}
        onChange={(e) => change({ format: e.currentTarget.value as ExportChoice['format'] })}
        data-testid="export.format"
      />
      <Checkbox
        label={t('export.timestamps')}
        checked={choice.includeTimestamps || isTimedFormat(choice.format)}
        disabled={isTimedFormat(choice.format)}
        onChange={(e) => change({ includeTimestamps: e.currentTarget.checked })}
        data-testid="export.timestamps"
      />
      <Checkbox
        label={t('export.speakers')}
        checked={choice.includeSpeakers}
        onChange={(e) => change({ includeSpeakers: e.currentTarget.checked })}
        data-testid="export.speakers"
      />
      <Checkbox
        label={t('export.merge')}
        checked={choice.mergeParagraphs}
        onChange={(e) => change({ mergeParagraphs: e.currentTarget.checked })}
        data-testid="export.merge"
      />
      <Select
        label={t('export.scope')}
        value={choice.scope}
        options={SCOPES.map((scope) => ({ value: scope, label: t(`export.scopes.${scope}`) }))}
        onChange={(e) => change({ scope: e.currentTarget.value as ExportScope })}
        data-testid="export.scope"
      />
      {run.isError ? (
        <p role="alert" data-testid="export.error">
          {t('export.failed', { message: run.error.message })}
        </p>
      ) : null}
    </Dialog>
  );
}
