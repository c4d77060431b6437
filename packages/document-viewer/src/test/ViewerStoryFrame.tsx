/**
 * Renders one inner part of the viewer (the field panel, the toolbar, the notices…) in stories,
 * inside the stores a mounted viewer has: a real review session against the MSW stand-in
 * (mock-api.ts), the UI store and the engine handle. `arrange` drives the session into the state
 * the story shows (an edit, a refused finish, a conflict) before the part is drawn. Stories only.
 */
import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider, registerTranslations, useReviewdesk } from '@reviewdesk/ui';
import type { Meta } from '@storybook/react-vite';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { VIEWER_NAMESPACE, viewerResources } from '../i18n/resources.js';
import type { DocumentPagesHandle } from '../pages/types.js';
import { ViewerContext, type ViewerContextValue } from '../viewer/context.js';
import { useViewerSession, useViewerUi } from '../viewer/useViewerSession.js';
import { TASK_ID } from './fixtures.js';
import { createMockViewerApi, type MockViewerOptions } from './mock-api.js';

// The stories render their own provider from the package's public dependency (the global
// decorator's provider comes from ui's sources, another module instance with another context).
const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });

export interface ViewerStoryFrameProps {
  locale?: string;
  dark?: boolean;
  readOnly?: boolean;
  autosave?: boolean;
  /** Brings the session into the story's state once the task is loaded. */
  arrange?: (viewer: ViewerContextValue) => void | Promise<void>;
  children: ReactNode;
}

function Stores({ readOnly, autosave = true, arrange, children }: Omit<ViewerStoryFrameProps, 'locale' | 'dark'>) {
  // As <DocumentViewer> does: the namespace registered during render, before the first paint.
  const { i18n } = useReviewdesk();
  if (!i18n.hasResourceBundle('en', VIEWER_NAMESPACE)) registerTranslations(i18n, VIEWER_NAMESPACE, viewerResources);
  // Each story run is its own reviewer, so no story restores another one's journal.
  const [userId] = useState(() => `story-${Math.random().toString(36).slice(2)}`);
  const session = useViewerSession({ userId, readOnly, autosave, taskId: TASK_ID, events: {} });
  const ui = useViewerUi();
  const pages = useRef<DocumentPagesHandle | null>(null);
  const root = useRef<HTMLElement | null>(null);
  const [viewer] = useState<ViewerContextValue>(() => ({ session, ui, pages, root, autoscroll: false }));
  const phase = useStore(session, (s) => s.phase);
  const [arranged, setArranged] = useState(!arrange);
  const started = useRef(false);
  useEffect(() => {
    if (phase !== 'ready' || started.current || !arrange) return;
    started.current = true;
    void Promise.resolve(arrange(viewer)).then(() => setArranged(true));
  }, [phase, arrange, viewer]);
  return (
    <ViewerContext.Provider value={viewer}>
      <section ref={root} className="rd-viewer rd-surface" data-phase={phase} style={{ height: 'auto' }}>
        {phase === 'ready' && arranged ? children : null}
      </section>
    </ViewerContext.Provider>
  );
}

export function ViewerStoryFrame({ locale = 'en', dark, ...stores }: ViewerStoryFrameProps) {
  return (
    <ReviewdeskProvider client={storyClient} locale={locale} theme={dark ? 'dark' : 'light'} preferencesStorage={null}>
      <Stores {...stores} />
    </ReviewdeskProvider>
  );
}

/** The page file stories answer for Document/PageDocument (fixtures/invoices/AzureInterior.pdf, page 1). */
const PDF_URL = '/fixtures/document-viewer/azure-p1.pdf';
const pdf = async () => (await fetch(PDF_URL)).blob().then((b) => new Blob([b], { type: 'application/pdf' }));

/**
 * The MSW stand-in of a story, created in its `beforeEach` and kept for its `arrange` (another
 * reviewer saving a page, a refused finish). One story runs at a time.
 */
export function storyApi() {
  let current: ReturnType<typeof createMockViewerApi> | null = null;
  return {
    install(
      msw: { use: (...handlers: ReturnType<typeof createMockViewerApi>['handlers']) => void },
      options: MockViewerOptions = {},
    ) {
      current = createMockViewerApi({ pageFile: pdf, ...options });
      msw.use(...current.handlers);
      return current;
    },
    get state() {
      if (!current) throw new Error('storyApi().install(msw) runs in the story’s beforeEach');
      return current.state;
    },
  };
}

/** The MSW stand-in of a story file (see {@link storyApi}). */
export type StoryApi = ReturnType<typeof storyApi>;

/** Args of a story of one inner part: the frame's settings. */
export type ViewerPartArgs = Omit<ViewerStoryFrameProps, 'children'>;

/**
 * What every story file of an inner part shares: the part drawn in the frame in the story's
 * language and skin (English unless the story says otherwise), and the stand-in installed before
 * each story. Spread into the file's meta beside its title.
 */
export function viewerPartStories(
  api: StoryApi,
  Part: ComponentType,
): Pick<Meta<ViewerPartArgs>, 'render' | 'globals' | 'beforeEach'> {
  return {
    render: (args, { globals }) => (
      <ViewerStoryFrame locale={String(globals.locale ?? 'en')} dark={globals.skin === 'dark'} {...args}>
        <Part />
      </ViewerStoryFrame>
    ),
    globals: { locale: 'en' },
    beforeEach: ({ msw }) => {
      api.install(msw);
    },
  };
}
