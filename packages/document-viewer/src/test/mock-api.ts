/**
 * A stateful MSW stand-in for the viewer's calls, following the contract's rules: each saved page
 * must carry the version it was edited from and comes back as version + 1; a stale page is not
 * saved, is listed in unsavedPages and `conflicts` (version, who), with a SaveDocumentChangesFailed (8) error.
 * Used by unit tests (msw/node) and stories (msw in the browser) — never by the package itself.
 */
import type { Schema } from '@reviewdesk/api-client';
import { HttpResponse, http } from 'msw';
import type { CheckoutResult, DocumentResult, ViewerInitResult } from '../session/types.js';
import { invoiceOcr, invoicePage, TASK_ID, viewerInit } from './fixtures.js';

export interface MockViewerOptions {
  init?: Partial<ViewerInitResult>;
  pages?: Record<number, DocumentResult>;
  /** Bytes answered by Document/PageDocument. */
  pageFile?: () => Blob | Promise<Blob>;
  /** Delay of every answer in ms (stories show the loading state with a long one). */
  delay?: number;
  /** Extra delay of SaveDocumentChanges' answers in ms (stories show a save in flight). */
  saveDelay?: number;
  /** Checkout answers this refusal code (3 CheckedOutByOtherUser, 29 AssignedToOtherUser). */
  checkoutRefusal?: number;
  /** Finish answers these errors once. */
  finishErrors?: Array<{ code: number; message: string }>;
  /** The fields listed with `finishErrors` (the contract's `invalidFields`). */
  invalidFields?: Schema<'FinishInvalidField'>[];
  /** The next save answers with a network failure (status 503) this many times. */
  failSaves?: number;
  /** Holder's name when someone else holds the checkout. */
  holderName?: string;
}

export interface MockViewerState {
  pages: Record<number, DocumentResult>;
  saves: Array<Record<string, DocumentResult>>;
  calls: string[];
  renewals: number;
  checkout: CheckoutResult | null;
  finished: boolean;
  cancelled: boolean;
  failSaves: number;
  /** Simulates another reviewer saving a page: its version moves on. */
  bumpVersion(page: number): void;
}

/** Another reviewer (Maria Silva) holds the task's checkout for ten more minutes: checking out is refused (3). */
export const heldByAnother = (): MockViewerOptions => ({
  checkoutRefusal: 3,
  init: {
    isCheckedOut: true,
    checkout: {
      taskId: TASK_ID,
      checkedOutBy: 'maria',
      checkedOutByUserName: 'Maria Silva',
      until: new Date(Date.now() + 600_000).toISOString(),
      checkoutExpireMinutes: 15,
    },
  },
});

const wait = (ms: number) => (ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
const PDF_HEADER = '%PDF-1.3\n%mock page\n';

export function createMockViewerApi(options: MockViewerOptions = {}) {
  const init = viewerInit(options.init);
  const state: MockViewerState = {
    pages: structuredClone(options.pages ?? { 1: invoicePage(1) }),
    saves: [],
    calls: [],
    renewals: 0,
    checkout: null,
    finished: false,
    cancelled: false,
    failSaves: options.failSaves ?? 0,
    bumpVersion(page) {
      const current = state.pages[page];
      if (current) state.pages[page] = { ...current, version: (current.version ?? 0) + 1 };
    },
  };
  let finishErrors = options.finishErrors;
  const delay = options.delay ?? 0;
  const newCheckout = (): CheckoutResult => ({
    taskId: init.taskId,
    checkedOutBy: 'reviewer',
    checkedOutByUserName: 'Reviewer',
    checkoutExpireMinutes: init.workspaceConfig.checkoutExpireMinutes,
    until: new Date(Date.now() + init.workspaceConfig.checkoutExpireMinutes * 60_000).toISOString(),
    status: 70,
  });

  const handlers = [
    http.get('*/api/v1/Viewer/ViewerInit', async () => {
      state.calls.push('ViewerInit');
      await wait(delay);
      return HttpResponse.json(init);
    }),
    http.post('*/api/v1/Viewer/Checkout', async () => {
      state.calls.push('Checkout');
      await wait(delay);
      if (options.checkoutRefusal) {
        return HttpResponse.json({ succeeded: false, errors: [{ code: options.checkoutRefusal, message: 'Refused' }] });
      }
      state.checkout = newCheckout();
      return HttpResponse.json({ succeeded: true, errors: [], result: state.checkout });
    }),
    http.post('*/api/v1/Viewer/Review/Renew/:taskId', () => {
      state.calls.push('Renew');
      state.renewals += 1;
      state.checkout = newCheckout();
      return HttpResponse.json({ succeeded: true, errors: [], result: state.checkout });
    }),
    http.post('*/api/v1/Viewer/Review/Cancel/:taskId', () => {
      state.calls.push('Cancel');
      state.cancelled = true;
      state.checkout = null;
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
    http.patch('*/api/v1/Viewer/Review/Finish/:taskId', () => {
      state.calls.push('Finish');
      if (finishErrors?.length) {
        const errors = finishErrors;
        finishErrors = undefined;
        const invalidFields = options.invalidFields;
        return HttpResponse.json({ succeeded: false, errors, ...(invalidFields ? { invalidFields } : {}) });
      }
      state.finished = true;
      return HttpResponse.json({
        succeeded: true,
        errors: [],
        result: { taskId: init.taskId, status: 90, reviewCompleted: true, nextTaskId: null },
      });
    }),
    http.get('*/api/v1/Document/PageAndOCR', async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('PageNumber'));
      state.calls.push(`PageAndOCR ${page}`);
      await wait(delay);
      const result = state.pages[page];
      if (!result)
        return HttpResponse.json(
          { succeeded: false, errors: [{ code: 6, message: 'PageOutOfBounds' }] },
          { status: 400 },
        );
      return HttpResponse.json({ pageNumber: page, totalPages: init.totalPages, page: result, ocr: invoiceOcr() });
    }),
    http.get('*/api/v1/Document/PageDocument', async () => {
      const blob = options.pageFile ? await options.pageFile() : new Blob([PDF_HEADER], { type: 'application/pdf' });
      return new HttpResponse(blob, {
        headers: {
          'Content-Type': blob.type || 'application/pdf',
          'Content-Disposition': 'inline; filename="invoice-p1.pdf"',
        },
      });
    }),
    http.put('*/api/v1/Document/SaveDocumentChanges', async ({ request }) => {
      state.calls.push('Save');
      await wait(delay + (options.saveDelay ?? 0));
      if (state.failSaves > 0) {
        state.failSaves -= 1;
        return HttpResponse.json({ succeeded: false, errors: [{ code: 0, message: 'Unavailable' }] }, { status: 503 });
      }
      const body = (await request.json()) as { changes: Record<string, DocumentResult> };
      state.saves.push(body.changes);
      const unsaved: number[] = [];
      for (const [key, page] of Object.entries(body.changes)) {
        const n = Number(key);
        const current = state.pages[n];
        if (!current || (current.version ?? null) !== (page.version ?? null)) {
          unsaved.push(n);
          continue;
        }
        state.pages[n] = { ...page, version: (page.version ?? 0) + 1 };
      }
      const errors = unsaved.map((n) => ({ code: 8, message: `Page ${n} was changed by another user.` }));
      const conflicts = unsaved.map((n) => ({
        pageNumber: n,
        serverVersion: state.pages[n]?.version ?? 0,
        changedBy: 'Another Reviewer',
      }));
      return HttpResponse.json({
        succeeded: unsaved.length === 0,
        errors,
        result: { unsavedPages: unsaved, conflicts },
      });
    }),
    http.get('*/api/v1/SdTask/GetNextTask/:workspaceId', () => {
      state.calls.push('GetNextTask');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/v1/Viewer/Export/:taskId/:type', () => {
      state.calls.push('Export');
      return new HttpResponse(JSON.stringify(state.pages), {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'attachment; filename="AzureInterior.json"',
        },
      });
    }),
  ];
  return { handlers, state, init };
}
