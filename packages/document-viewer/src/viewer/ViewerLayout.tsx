/**
 * Lays the viewer out (toolbar, notices, pages with the overlay, the field panel) and wires the
 * page engine, the keyboard shortcuts and the finish flow to the session.
 */
import { enumNameOf, isApiError } from '@reviewdesk/api-client';
import { Button, Dialog, ErrorState, LoadingState, useApiClient } from '@reviewdesk/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import { DocumentPages, PageThumbnails } from '../pages/index.js';
import type { PagesMessages, PdfAssets } from '../pages/types.js';
import { entityIdOf } from '../session/document-edits.js';
import {
  type ActionContext,
  applyBox,
  cancelDrawing,
  focusRow,
  selectEntry,
  startDrawing,
  stepAttention,
  textInBox,
  toggleNotDetected,
  toggleSolved,
  unionBox,
} from './actions.js';
import { Banners } from './chrome/Banners.js';
import { ShortcutsHelp } from './chrome/ShortcutsHelp.js';
import { Toolbar } from './chrome/Toolbar.js';
import { useSession, useUi, useViewer } from './context.js';
import { unitScale, useAttention, useFields, useOcrWords, useOverlay, usePageInfos } from './derived.js';
import { FieldPanel } from './panel/FieldPanel.js';
import { shortcutFor } from './shortcuts.js';

export interface ViewerLayoutProps {
  className?: string;
  globalShortcuts: boolean;
  autosave: boolean;
  autosaveControlled: boolean;
  onAutosaveChange: (on: boolean) => void;
  onOpenTask: (taskId: string) => void;
  pdfAssets?: PdfAssets;
}

export function ViewerLayout(props: ViewerLayoutProps) {
  const { t } = useViewerTranslation();
  const phase = useSession((s) => s.phase);
  const name = useSession((s) => s.init?.displayName ?? '');
  const status = useSession((s) => s.init?.status);
  const loadError = useSession((s) => s.loadError);
  const start = useSession((s) => s.start);
  const { root } = useViewer();
  const statusName = status === undefined ? '' : (enumNameOf('TaskStatus', status) ?? String(status));

  let body: React.ReactNode;
  if (phase === 'loading') body = <LoadingState label={t('viewer.loading')} />;
  else if (phase === 'processing')
    body = (
      <div className="rd-viewer-state" role="status" data-testid="viewer.processing">
        <span className="rd-spinner" aria-hidden="true" />
        <h2>{t('viewer.processingTitle')}</h2>
        <p>{t('viewer.processingBody', { status: statusName })}</p>
      </div>
    );
  else if (phase === 'failed')
    body = <ErrorState title={t('viewer.failedTitle')} description={t('viewer.failedBody', { status: statusName })} />;
  else if (phase === 'error')
    body = (
      <ErrorState
        title={t('viewer.errorTitle')}
        description={loadError?.message ?? t('errors.load')}
        onRetry={() => void start()}
      />
    );
  else body = <Workspace {...props} />;

  return (
    <section
      ref={root}
      className={['rd-viewer', props.className].filter(Boolean).join(' ')}
      aria-label={t('viewer.label', { name })}
      data-phase={phase}
      data-testid="viewer"
    >
      {body}
    </section>
  );
}

function Workspace({
  globalShortcuts,
  autosave,
  autosaveControlled,
  onAutosaveChange,
  onOpenTask,
  pdfAssets,
}: ViewerLayoutProps) {
  const { t } = useViewerTranslation();
  const client = useApiClient();
  const viewer = useViewer();
  const { session, ui, pages: pagesRef, root, autoscroll } = viewer;
  const ctx = useMemo<ActionContext>(
    () => ({ session, ui, pages: pagesRef, root, autoscroll }),
    [session, ui, pagesRef, root, autoscroll],
  );
  const fields = useFields();
  const attention = useAttention(fields);
  const boxes = useOverlay(fields);
  const pageInfos = usePageInfos();
  const ocrWords = useOcrWords();
  const config = useSession((s) => s.init?.workspaceConfig);
  const init = useSession((s) => s.init);
  const phase = useSession((s) => s.phase);
  const finishResult = useSession((s) => s.finishResult);
  const reviewing = useSession((s) => s.mode === 'review');
  const selectedId = useUi((s) => s.selectedId);
  const currentPage = useUi((s) => s.currentPage);
  const zoom = useUi((s) => s.zoom);
  const fit = useUi((s) => s.fit);
  const ocrLayer = useUi((s) => s.ocrLayer);
  const thumbnails = useUi((s) => s.thumbnails);
  const drawing = useUi((s) => s.drawing);
  const selectingText = useUi((s) => s.selectingText);
  const confirmOpen = useUi((s) => s.confirmFinishOpen);

  const messages = useMemo<Partial<PagesMessages>>(
    () => ({
      pageLabel: (n, count) => t('toolbar.pageOf', { page: n, total: count }),
      documentLabel: t('viewer.pages'),
      boxListLabel: (n, count) => t('viewer.boxList', { page: n, count }),
      loading: t('viewer.pageLoading'),
      loadError: t('viewer.pageLoadError'),
      ocrLayerLabel: t('viewer.ocrText'),
      thumbnailsLabel: t('toolbar.thumbnails'),
      thumbnailLabel: (n) => t('field.page', { page: n }),
      lowConfidence: t('field.lowConfidence'),
      invalid: t('field.pattern'),
      solved: t('field.solved'),
    }),
    [t],
  );

  const requestFinish = useCallback(() => {
    const state = session.getState();
    if (state.mode !== 'review') return;
    if (state.init?.workspaceConfig.showModalFinishReview) ui.getState().set({ confirmFinishOpen: true });
    else void state.finish();
  }, [session, ui]);

  const exportAs = useCallback(
    async (type: number, typeName: string) => {
      const taskId = session.getState().init?.taskId;
      if (!taskId) return;
      try {
        await session.getState().flush();
        const { data } = await client.call('Viewer_Export', { params: { path: { taskId, type: type as 0 } } });
        const link = Object.assign(document.createElement('a'), {
          href: URL.createObjectURL(data.blob),
          download: data.fileName,
        });
        link.hidden = true;
        root.current?.append(link); // inside our own element: nothing is added to the host's body
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      } catch (error) {
        session.getState().reportError({
          operation: 'export',
          message: isApiError(error) ? error.message : `${typeName}: ${String(error)}`,
          cause: error,
        });
      }
    },
    [client, session, root],
  );

  // Keyboard: scoped to the viewer element unless the host opted into document-wide shortcuts.
  useEffect(() => {
    const target: HTMLElement | Document | null = globalShortcuts ? document : root.current;
    if (!target) return;
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      const shortcut = shortcutFor(key);
      session.getState().noteActivity();
      if (!shortcut) return;
      const state = ui.getState();
      const selected = state.selectedId ? entityIdOf(state.selectedId) : null;
      const canEdit = session.getState().mode === 'review';
      const selectedTarget = () => {
        if (!selected) return null;
        if (selected.startsWith('field:')) return { kind: 'new' as const, category: selected.slice(6) };
        for (const page of Object.values(session.getState().pages)) {
          const entity = page.entities.find((e) => e.temporaryId === selected);
          if (entity)
            return {
              kind: 'existing' as const,
              entityId: selected,
              pageNumber: entity.pageNumber,
              category: entity.category,
            };
        }
        return null;
      };
      const run = (): boolean => {
        switch (shortcut.id) {
          case 'nextAttention':
          case 'previousAttention':
            stepAttention(ctx, attention, shortcut.id === 'nextAttention' ? 1 : -1);
            return true;
          case 'markSolved':
          case 'notDetected': {
            if (!canEdit || !selected || selected.startsWith('field:')) return false;
            if (shortcut.id === 'markSolved') toggleSolved(ctx, selected);
            else toggleNotDetected(ctx, selected);
            return true;
          }
          case 'drawBox':
          case 'fromOcr': {
            const ocr = shortcut.id === 'fromOcr';
            const target = canEdit && (!ocr || config?.allowSelectingTextWithOcr) ? selectedTarget() : null;
            if (target) startDrawing(ctx, target, ocr ? 'ocr' : 'draw');
            return Boolean(target);
          }
          case 'ocrLayer':
            state.set({ ocrLayer: !state.ocrLayer });
            return true;
          case 'save':
            void session.getState().flush();
            return true;
          case 'finish':
            requestFinish();
            return true;
          case 'nextPage':
            pagesRef.current?.scrollToPage(Math.min(state.currentPage + 1, pageInfos.length));
            return true;
          case 'previousPage':
            pagesRef.current?.scrollToPage(Math.max(1, state.currentPage - 1));
            return true;
          case 'zoomIn':
            state.zoomBy(1.2);
            return true;
          case 'zoomOut':
            state.zoomBy(1 / 1.2);
            return true;
          case 'fitWidth':
            state.setFit('width');
            return true;
          case 'help':
            state.set({ helpOpen: true });
            return true;
          case 'escape':
            if (state.drawing || state.selectingText) cancelDrawing(ctx);
            else if (state.selectedId) state.select(null);
            else return false;
            return true;
        }
      };
      if (run()) event.preventDefault();
    };
    target.addEventListener('keydown', onKey);
    const onPointer = () => session.getState().noteActivity();
    target.addEventListener('pointerdown', onPointer);
    return () => {
      target.removeEventListener('keydown', onKey);
      target.removeEventListener('pointerdown', onPointer);
    };
  }, [globalShortcuts, root, session, ui, ctx, attention, config, requestFinish, pagesRef, pageInfos.length]);

  // Opening a task puts the keyboard on the first value needing attention (else the first field),
  // once, so the shortcuts work at once — unless the host page has put the focus somewhere else.
  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (focusedOnOpen.current || phase !== 'ready' || fields.length === 0) return;
    focusedOnOpen.current = true;
    const active = document.activeElement;
    const hostHasFocus = active && active !== document.body && !root.current?.contains(active);
    if (hostHasFocus) return;
    const first = fields[0];
    const id = attention[0] ?? (first?.entries[0]?.id || (first ? `field:${first.key}` : null));
    if (!id) return;
    selectEntry(ctx, id, { scroll: true });
    focusRow(ctx, id);
  }, [phase, fields, attention, ctx, root]);

  const drawTarget = drawing ?? selectingText;
  const drawLabel = drawTarget ? (fields.find((f) => f.key === drawTarget.category)?.label ?? drawTarget.category) : '';

  return (
    <div className="rd-viewer__grid" data-thumbnails={thumbnails || undefined}>
      <Toolbar
        autosave={autosave}
        autosaveControlled={autosaveControlled}
        onAutosaveChange={onAutosaveChange}
        onFinish={requestFinish}
        onExport={(type, typeName) => void exportAs(type, typeName)}
      />
      <Banners />
      {thumbnails ? (
        <PageThumbnails
          className="rd-viewer__thumbnails"
          pages={pageInfos}
          currentPage={currentPage}
          onSelectPage={(n) => pagesRef.current?.scrollToPage(n)}
          pdfAssets={pdfAssets}
          messages={messages}
        />
      ) : null}
      <div className="rd-viewer__pages">
        {drawTarget ? (
          <p className="rd-viewer-hint" role="status">
            {t(drawing ? 'field.drawingHint' : 'field.selectingHint', { field: drawLabel })}
          </p>
        ) : null}
        <DocumentPages
          ref={pagesRef}
          className="rd-viewer__document"
          pages={pageInfos}
          boxes={boxes}
          ocrWords={ocrWords}
          showOcrLayer={ocrLayer}
          selectedBoxId={selectedId && !selectedId.startsWith('field:') ? selectedId : null}
          onSelectBox={(id) => {
            selectEntry(ctx, id, { scroll: false });
            if (id) focusRow(ctx, id);
          }}
          zoom={zoom}
          fit={fit}
          onZoomChange={(z) => ui.getState().set({ zoom: z })}
          drawing={reviewing && Boolean(drawing)}
          onDrawBox={(page, box) => {
            const target = ui.getState().drawing;
            if (!target) return;
            const layer = session.getState().ocr[page];
            applyBox(ctx, target, page, box, textInBox(ocrWords[page], box), unitScale(layer));
          }}
          selectingText={reviewing && Boolean(selectingText)}
          onSelectOcrWords={(page, words) => {
            const target = ui.getState().selectingText;
            const box = unionBox(words);
            if (!target || !box) return;
            const text = textInBox(words, box);
            applyBox(ctx, target, page, box, text, unitScale(session.getState().ocr[page]));
          }}
          onVisiblePageChange={(n) => ui.getState().setPage(n)}
          onMountedPagesChange={(numbers) => void session.getState().ensurePages(numbers)}
          pdfAssets={pdfAssets}
          messages={messages}
        />
      </div>
      <FieldPanel fields={fields} attention={attention} ctx={ctx} />
      <ShortcutsHelp />
      <Dialog
        open={confirmOpen}
        onOpenChange={(open) => ui.getState().set({ confirmFinishOpen: open })}
        title={t('finish.confirmTitle')}
        description={t('finish.confirmBody')}
        size="sm"
        footer={
          <>
            <Button onClick={() => ui.getState().set({ confirmFinishOpen: false })}>{t('finish.back')}</Button>
            <Button
              variant="primary"
              data-testid="finish.confirm"
              onClick={() => {
                ui.getState().set({ confirmFinishOpen: false });
                void session.getState().finish();
              }}
            >
              {t('finish.confirm')}
            </Button>
          </>
        }
      />
      {phase === 'finished' && init ? (
        <Finished reviewCompleted={finishResult?.reviewCompleted ?? true} onOpenTask={onOpenTask} />
      ) : null}
    </div>
  );
}

function Finished({ reviewCompleted, onOpenTask }: { reviewCompleted: boolean; onOpenTask: (taskId: string) => void }) {
  const { t } = useViewerTranslation();
  const nextTask = useSession((s) => s.nextTask);
  const [none, setNone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="rd-viewer-finished" role="status" data-testid="viewer.finished">
      <h2>{t('finish.doneTitle')}</h2>
      <p>{reviewCompleted ? t('finish.doneBody') : t('finish.waitingOthers')}</p>
      {none ? <p>{t('finish.noNext')}</p> : null}
      <Button
        variant="primary"
        loading={busy}
        data-testid="finish.next"
        onClick={async () => {
          setBusy(true);
          const id = await nextTask();
          setBusy(false);
          if (id) onOpenTask(id);
          else setNone(true);
        }}
      >
        {t('finish.openNext')}
      </Button>
    </div>
  );
}
