/**
 * DocAI's calls (Chatbot/IsConfigured, Chatbot/GetMessage) mocked for the stories of every editor
 * that shows the DocAI chat: a question matching `about` is answered with the passage `cited`
 * (quoted, or written by a language model as `written`); any other question finds no passage, as
 * the server says it then. Each editor's stories give the passage of their own fixture.
 */
import { HttpResponse, http } from 'msw';

export interface MockCitation {
  displayName: string;
  text: string;
  pageNumber: number | null;
  startTimeSeconds: number | null;
  boundingBox: Record<string, number> | null;
}

export interface MockDocAiOptions {
  /** The questions the passage answers. */
  about: RegExp;
  cited: MockCitation;
  /** The answer a language model writes from the passage (method "language-model"). */
  written?: string;
  configured?: boolean;
  method?: 'extractive' | 'language-model';
  /** The answer fails (500). */
  fail?: boolean;
}

export const NO_PASSAGE_ANSWER = 'No passage of the text matches the question, so DocAI cannot answer it.';

export function createMockDocAiApi(options: MockDocAiOptions) {
  const state = { configuredAsked: 0, asked: [] as Array<Record<string, unknown>> };
  const handlers = [
    http.get('*/api/v1/Chatbot/IsConfigured', () => {
      state.configuredAsked += 1;
      return HttpResponse.json(options.configured ?? true);
    }),
    http.post('*/api/v1/Chatbot/GetMessage', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.asked.push(body);
      if (options.fail) return HttpResponse.json({ message: 'An unexpected server error occurred.' }, { status: 500 });
      const answered = options.about.test(String(body.query ?? ''));
      const method = options.method ?? 'extractive';
      return HttpResponse.json({
        thread_id: 'a1b2c3d4-0000-4000-8000-000000000001',
        method,
        message: {
          role: 20,
          content: answered
            ? method === 'extractive'
              ? options.cited.text
              : (options.written ?? options.cited.text)
            : NO_PASSAGE_ANSWER,
        },
        references: answered ? [{ taskId: String(body.task_id), ...options.cited }] : [],
      });
    }),
  ];
  return { handlers, state };
}
