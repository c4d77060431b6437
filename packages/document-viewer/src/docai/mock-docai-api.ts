/**
 * DocAI's calls mocked with MSW for the stories and unit tests: the answer to a question about the
 * total of fixtures/invoices/AzureInterior.pdf cites its "Total $ 279.84" line with the line's box
 * (from the page's OCR words, in points); any other question finds no passage.
 */
import { HttpResponse, http } from 'msw';

export const TOTAL_LINE = 'Total $ 279.84';
export const TOTAL_BOX = {
  x: 310.1,
  y: 580.4,
  width: 252.7,
  height: 11.7,
  left: 310.1,
  top: 580.4,
  right: 562.8,
  bottom: 592.1,
};

export interface MockDocAiOptions {
  configured?: boolean;
  method?: 'extractive' | 'language-model';
  /** The answer fails (500). */
  fail?: boolean;
}

export function createMockDocAiApi(options: MockDocAiOptions = {}) {
  const state = { asked: [] as Array<Record<string, unknown>> };
  const handlers = [
    http.get('*/api/v1/Chatbot/IsConfigured', () => HttpResponse.json(options.configured ?? true)),
    http.post('*/api/v1/Chatbot/GetMessage', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.asked.push(body);
      if (options.fail) return HttpResponse.json({ message: 'An unexpected server error occurred.' }, { status: 500 });
      const aboutTotal = /total/i.test(String(body.query ?? ''));
      const method = options.method ?? 'extractive';
      return HttpResponse.json({
        thread_id: 'a1b2c3d4-0000-4000-8000-000000000001',
        method,
        message: {
          role: 20,
          content: aboutTotal
            ? method === 'extractive'
              ? TOTAL_LINE
              : 'The total of the invoice is $279.84 [1].'
            : 'No passage of the text matches the question, so DocAI cannot answer it.',
        },
        references: aboutTotal
          ? [
              {
                taskId: String(body.task_id),
                displayName: 'AzureInterior.pdf',
                text: TOTAL_LINE,
                pageNumber: 1,
                startTimeSeconds: null,
                boundingBox: TOTAL_BOX,
              },
            ]
          : [],
      });
    }),
  ];
  return { handlers, state };
}
