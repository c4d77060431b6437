/**
 * The viewer's toolbar: pages, zoom and fit, rotation, layers, the save state with autosave, the
 * checkout countdown, export, and the review actions. One Tab stop: the arrow keys, Home and End
 * move between its controls (ui's useRovingToolbar); in the page field they move the caret. A control whose value the host owns (the
 * `autosave` prop) is not shown: the host wins.
 */
import { enumMembers } from '@reviewdesk/api-client';
import { Button, Menu, useRovingToolbar } from '@reviewdesk/ui';
import { CheckoutCountdown } from '@reviewdesk/ui/review-session';
import { useId, useRef } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useSession, useUi, useViewer } from '../context.js';
import { SaveIndicator } from './SaveIndicator.js';

export interface ToolbarProps {
  /** The host controls autosave: hide the switch. */
  autosaveControlled: boolean;
  autosave: boolean;
  onAutosaveChange: (on: boolean) => void;
  onFinish: () => void;
  onExport: (type: number, name: string) => void;
}

const ANONYMIZED = new Set(['AnonymizedPng', 'AnonymizedJpeg', 'AnonymizedPdf']);
const ANONYMIZATION_TASKS = new Set(['DocumentAnonymization', 'ImageAnonymization']);
/** The e-invoice XML kept with the task: offered only when the server says the task has one. */
const EINVOICE_XML = 'EInvoiceXml';

export function Toolbar({ autosaveControlled, autosave, onAutosaveChange, onFinish, onExport }: ToolbarProps) {
  const { t } = useViewerTranslation();
  // Actions through the store itself: subscribing to the whole UI state would re-render the toolbar on every selection.
  const { pages, ui: uiStore } = useViewer();
  const ui = uiStore.getState();
  const pageInputId = useId();
  const toolbar = useRef<HTMLDivElement | null>(null);
  useRovingToolbar(toolbar);
  const total = useSession((s) => s.init?.totalPages ?? 0);
  const taskType = useSession((s) => s.init?.workspaceConfig.taskType);
  const hasEInvoiceXml = useSession((s) => s.init?.hasEInvoiceXml === true);
  const name = useSession((s) => s.init?.displayName ?? '');
  const mode = useSession((s) => s.mode);
  const phase = useSession((s) => s.phase);
  const finishing = useSession((s) => s.finishing);
  const checkoutUntil = useSession((s) => s.checkout?.until);
  const flush = useSession((s) => s.flush);
  const cancel = useSession((s) => s.cancel);
  const currentPage = useUi((s) => s.currentPage);
  const zoom = useUi((s) => s.zoom);
  const fit = useUi((s) => s.fit);
  const ocrLayer = useUi((s) => s.ocrLayer);
  const thumbnails = useUi((s) => s.thumbnails);

  const goTo = (page: number) => {
    const target = Math.min(total, Math.max(1, page));
    ui.setPage(target);
    pages.current?.scrollToPage(target);
  };
  const exportTypes = enumMembers('ExportType').filter((member) =>
    member.name === EINVOICE_XML
      ? hasEInvoiceXml
      : !ANONYMIZED.has(member.name) || ANONYMIZATION_TASKS.has(taskType ?? ''),
  );
  const reviewing = mode === 'review' && phase === 'ready';

  return (
    <div className="rd-viewer-toolbar" role="toolbar" aria-label={t('toolbar.label')} ref={toolbar}>
      <h2 className="rd-viewer-toolbar__title" title={name}>
        {name}
      </h2>
      <div className="rd-viewer-toolbar__group">
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('toolbar.previousPage')}
          disabled={currentPage <= 1}
          onClick={() => goTo(currentPage - 1)}
        >
          ‹
        </Button>
        <label htmlFor={pageInputId} className="rd-visually-hidden">
          {t('toolbar.pageInput')}
        </label>
        <input
          id={pageInputId}
          key={currentPage}
          className="rd-viewer-toolbar__page rd-focusable"
          type="number"
          min={1}
          max={total}
          defaultValue={currentPage}
          onKeyDown={(event) => {
            if (event.key === 'Enter') goTo(Number((event.target as HTMLInputElement).value));
          }}
        />
        <span className="rd-viewer-toolbar__of" aria-live="polite">
          {t('toolbar.pageOf', { page: currentPage, total })}
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('toolbar.nextPage')}
          disabled={currentPage >= total}
          onClick={() => goTo(currentPage + 1)}
        >
          ›
        </Button>
      </div>
      <div className="rd-viewer-toolbar__group">
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('toolbar.zoomOut')}
          aria-keyshortcuts="-"
          onClick={() => ui.zoomBy(1 / 1.2)}
        >
          −
        </Button>
        <span className="rd-viewer-toolbar__zoom">{t('toolbar.zoomLevel', { percent: Math.round(zoom * 100) })}</span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('toolbar.zoomIn')}
          aria-keyshortcuts="+"
          onClick={() => ui.zoomBy(1.2)}
        >
          +
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={fit === 'width'} onClick={() => ui.setFit('width')}>
          {t('toolbar.fitWidth')}
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={fit === 'page'} onClick={() => ui.setFit('page')}>
          {t('toolbar.fitPage')}
        </Button>
        <Button size="sm" variant="ghost" aria-label={t('toolbar.rotate')} onClick={() => ui.rotate(currentPage)}>
          ⟳
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={ocrLayer}
          aria-keyshortcuts="Alt+O"
          onClick={() => ui.set({ ocrLayer: !ocrLayer })}
          data-testid="toolbar.ocr"
        >
          {t('toolbar.ocrLayer')}
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={thumbnails} onClick={() => ui.set({ thumbnails: !thumbnails })}>
          {t('toolbar.thumbnails')}
        </Button>
      </div>
      <div className="rd-viewer-toolbar__group rd-viewer-toolbar__status">
        <SaveIndicator />
        {!autosaveControlled && reviewing ? (
          <label className="rd-viewer-toolbar__autosave">
            <input
              type="checkbox"
              className="rd-focusable"
              checked={autosave}
              onChange={(event) => onAutosaveChange(event.target.checked)}
            />
            {t('toolbar.autosave')}
          </label>
        ) : null}
        {reviewing ? (
          <Button
            size="sm"
            variant="ghost"
            aria-keyshortcuts="Control+S"
            onClick={() => void flush()}
            data-testid="toolbar.save"
          >
            {t('toolbar.saveNow')}
          </Button>
        ) : null}
        <CheckoutCountdown until={checkoutUntil} />
      </div>
      <div className="rd-viewer-toolbar__group rd-viewer-toolbar__actions">
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('toolbar.help')}
          aria-keyshortcuts="?"
          onClick={() => ui.set({ helpOpen: true })}
        >
          ?
        </Button>
        <Menu
          label={t('toolbar.export')}
          placement="bottom-end"
          items={exportTypes.map((member) => ({
            id: `export-${member.name.toLowerCase()}`,
            label:
              member.name === EINVOICE_XML ? t('toolbar.exportEInvoice') : t('toolbar.exportAs', { type: member.name }),
            onSelect: () => onExport(member.code, member.name),
          }))}
        />
        {reviewing ? (
          <>
            <Button size="sm" onClick={() => void cancel()} data-testid="toolbar.cancel">
              {t('toolbar.cancel')}
            </Button>
            <Button
              size="sm"
              variant="primary"
              loading={finishing}
              aria-keyshortcuts="Alt+Enter"
              onClick={onFinish}
              data-testid="toolbar.finish"
            >
              {t('toolbar.finish')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
