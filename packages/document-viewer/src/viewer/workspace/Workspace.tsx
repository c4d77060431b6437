/**
 * The review workspace of a loaded task: toolbar, notices, thumbnails, the pages and the field
 * panel, with the keyboard shortcuts, the focus on open, the finish flow and exports wired in.
 */
import type { ReactNode } from 'react';
import { useCitationBoxes } from '../../docai/useCitationBoxes.js';
import { PageThumbnails } from '../../pages/index.js';
import type { PdfAssets } from '../../pages/types.js';
import { Banners } from '../chrome/Banners.js';
import { ShortcutsHelp } from '../chrome/ShortcutsHelp.js';
import { Toolbar } from '../chrome/Toolbar.js';
import { useSession, useUi } from '../context.js';
import { useAttention, useDraftRegionBox, useFields, useOcrWords, useOverlay, usePageInfos } from '../derived.js';
import { FieldPanel } from '../panel/FieldPanel.js';
import { DocumentArea } from './DocumentArea.js';
import { FinishConfirm } from './FinishConfirm.js';
import { Finished } from './Finished.js';
import { useActionContext } from './useActionContext.js';
import { useExport } from './useExport.js';
import { useFinishRequest } from './useFinishRequest.js';
import { useFocusOnOpen } from './useFocusOnOpen.js';
import { useMarkPassageOnOpen } from './useMarkPassageOnOpen.js';
import { useOpenAtPage } from './useOpenAtPage.js';
import { usePagesMessages } from './usePagesMessages.js';
import { useViewerShortcuts } from './useViewerShortcuts.js';

export interface WorkspaceProps {
  globalShortcuts: boolean;
  autosave: boolean;
  autosaveControlled: boolean;
  onAutosaveChange: (on: boolean) => void;
  onOpenTask: (taskId: string) => void;
  pdfAssets?: PdfAssets;
  /** Page to open at (DocumentViewerProps.initialPage). */
  initialPage?: number | null;
  /** Words of that page to show with a box (DocumentViewerProps.initialWords). */
  initialWords?: string | null;
  /** Shown above the field panel (DocumentViewerProps.panelStart). */
  panelStart?: ReactNode;
}

export function Workspace(props: WorkspaceProps) {
  const ctx = useActionContext();
  const fields = useFields();
  const attention = useAttention(fields);
  const boxes = useDraftRegionBox(useCitationBoxes(useOverlay(fields)));
  const pageInfos = usePageInfos();
  const ocrWords = useOcrWords();
  const messages = usePagesMessages();
  const finished = useSession((s) => s.phase === 'finished' && s.init !== null);
  const allowSelectingTextWithOcr = useSession((s) => Boolean(s.init?.workspaceConfig.allowSelectingTextWithOcr));
  const currentPage = useUi((s) => s.currentPage);
  const thumbnails = useUi((s) => s.thumbnails);
  const requestFinish = useFinishRequest();
  const exportAs = useExport();

  useViewerShortcuts(ctx, props.globalShortcuts, {
    attention,
    pageCount: pageInfos.length,
    allowSelectingTextWithOcr,
    requestFinish,
  });
  const initialPage = props.initialPage ?? null;
  useFocusOnOpen(ctx, fields, attention, { scroll: initialPage === null });
  useOpenAtPage(ctx, initialPage, pageInfos.length);
  useMarkPassageOnOpen(ctx, initialPage, props.initialWords ?? null);

  return (
    <div className="rd-viewer__grid" data-thumbnails={thumbnails || undefined}>
      <Toolbar
        autosave={props.autosave}
        autosaveControlled={props.autosaveControlled}
        onAutosaveChange={props.onAutosaveChange}
        onFinish={requestFinish}
        onExport={(type, typeName) => void exportAs(type, typeName)}
      />
      <Banners />
      {thumbnails ? (
        <PageThumbnails
          className="rd-viewer__thumbnails"
          pages={pageInfos}
          currentPage={currentPage}
          onSelectPage={(n) => ctx.pages.current?.scrollToPage(n)}
          pdfAssets={props.pdfAssets}
          messages={messages}
        />
      ) : null}
      <DocumentArea
        ctx={ctx}
        fields={fields}
        pageInfos={pageInfos}
        boxes={boxes}
        ocrWords={ocrWords}
        messages={messages}
        pdfAssets={props.pdfAssets}
      />
      {props.panelStart ? (
        <div className="rd-viewer__side">
          {props.panelStart}
          <FieldPanel fields={fields} attention={attention} ctx={ctx} />
        </div>
      ) : (
        <FieldPanel fields={fields} attention={attention} ctx={ctx} />
      )}
      <ShortcutsHelp />
      <FinishConfirm />
      {finished ? <Finished onOpenTask={props.onOpenTask} /> : null}
    </div>
  );
}
