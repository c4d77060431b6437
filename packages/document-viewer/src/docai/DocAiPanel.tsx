/**
 * DocAI in the viewer's side panel: the shared chat (`@reviewdesk/ui/docai`), whose citations name
 * their page and, opened, show the cited line's box on its page. Shown to people with
 * Task.AccessChatbot; nothing is fetched until it is opened.
 */
import { Button, useCan } from '@reviewdesk/ui';
import { type ChatReference, DocAiChat, useDocAiTranslation } from '@reviewdesk/ui/docai';
import { useState } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import type { ActionContext } from '../viewer/actions.js';
import { useSession } from '../viewer/context.js';
import { unitScale } from '../viewer/derived.js';
import { CITATION_BOX_ID, citationStoreOf } from './citation-store.js';

export interface DocAiPanelProps {
  ctx: ActionContext;
}

export function DocAiPanel({ ctx }: DocAiPanelProps) {
  const { t } = useDocAiTranslation();
  const { t: viewer } = useViewerTranslation();
  const can = useCan();
  const taskId = useSession((s) => s.taskId);
  const workspaceId = useSession((s) => s.init?.workspaceConfig.id ?? null);
  const ocr = useSession((s) => s.ocr);
  const [open, setOpen] = useState(false);
  if (!taskId || !workspaceId || !can('Task.AccessChatbot')) return null;

  const openCitation = (reference: ChatReference) => {
    if (!reference.pageNumber) return;
    const page = reference.pageNumber;
    const b = reference.boundingBox;
    if (b) {
      const scale = unitScale(ocr[page]);
      citationStoreOf(ctx.ui)
        .getState()
        .show({
          pageNumber: page,
          box: { left: b.x * scale, top: b.y * scale, width: b.width * scale, height: b.height * scale },
          label: reference.text,
        });
      // After the pages drew the box: scroll it into view.
      requestAnimationFrame(() => ctx.pages.current?.scrollToBox(CITATION_BOX_ID));
    } else {
      citationStoreOf(ctx.ui).getState().show(null);
      ctx.pages.current?.scrollToPage(page);
    }
  };

  return (
    <section className="rd-viewer-docai" aria-label={t('label')} data-testid="docai">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => setOpen((now) => !now)}
        data-testid="docai.toggle"
      >
        {t('title')}
      </Button>
      {open ? (
        <DocAiChat
          taskId={taskId}
          workspaceId={workspaceId}
          subject="document"
          citationPlace={(reference) =>
            reference.pageNumber ? viewer('docai.page', { page: String(reference.pageNumber) }) : null
          }
          onOpenCitation={openCitation}
        />
      ) : null}
    </section>
  );
}
