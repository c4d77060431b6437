// DocAI (Chatbot/IsConfigured, Chatbot/GetMessage): answers a person's question about a task (or
// the tasks of a workspace) from the task's own indexed text, citing the passages it used — a page
// line with its box, or a transcript sentence with its time. With the operator's language model the
// answer is written from those passages only; without one it is the passages themselves, quoted
// (method "extractive"). When nothing in the text matches, it says so: it never makes an answer up.
// Each person has one thread per task; the thread keeps the conversation for the model.
import { ChatMessageRole, TaskErrorCode } from '../../contract/generated/enums.js';
import type { components } from '../../contract/generated/schema.js';
import { ChatRepository } from '../../db/repositories/chat.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { type ChatTurn, LanguageModelError, languageModelFor } from '../../language/index.js';
import { invalid, notFound } from '../errors.js';
import type { Services } from '../services.js';
import type { Session } from '../session.js';
import { taskById } from '../tasks/task-access.js';
import { canAccessWorkspace } from '../workspaces/access.js';
import { type Citation, citationsOf, languageOfConfig, lineBox } from './citations.js';

type ChatRequest = components['schemas']['ChatRequest'];
type ChatResponse = components['schemas']['ChatResponse'];
type ChatReference = components['schemas']['ChatReference'];

/** Entries read from the index per question, and lines cited from them. */
const PASSAGES_READ = 12;
const CITATIONS = 3;
/** Tasks of a workspace asked about at once (the assistant without a task). */
const WORKSPACE_TASKS = 500;

export const NO_PASSAGE_ANSWER = 'No passage of the text matches the question, so DocAI cannot answer it.';

/** DocAI always works: without a language model it answers with the passages it finds. */
export async function isChatbotConfigured(): Promise<boolean> {
  return true;
}

export async function askDocAi(services: Services, session: Session, request: ChatRequest): Promise<ChatResponse> {
  const { db } = services;
  const tenantId = session.membership.tenant_id;
  const question = request.query.trim();
  if (!question) throw invalid('Ask a question.');
  if (!(await canAccessWorkspace(db, session, request.workspace_id))) {
    throw notFound('The workspace does not exist.', TaskErrorCode.NotFound);
  }
  const taskId = request.task_id ?? null;
  if (taskId) {
    const task = await taskById({ repo: new TasksRepository(db, tenantId), db, session }, taskId);
    if (task.workspace_id !== request.workspace_id) throw notFound('The task does not exist.', TaskErrorCode.NotFound);
  }
  const chat = new ChatRepository(db, tenantId);
  const thread = await threadFor(chat, session, request, taskId);
  const history = await chat.messages(thread.id);

  const taskIds = taskId ? [taskId] : await chat.indexedTaskIds(request.workspace_id, WORKSPACE_TASKS);
  const passages = await chat.passages({ taskIds }, question, PASSAGES_READ);
  const language = languageOfConfig(passages[0]?.config);
  const citations = citationsOf(passages, question, language, CITATIONS);
  const references = await referencesOf(chat, citations);

  const model = languageModelFor(services.config);
  let content: string;
  let method: 'extractive' | 'language-model';
  if (citations.length === 0) {
    content = NO_PASSAGE_ANSWER;
    method = model ? 'language-model' : 'extractive';
  } else if (model) {
    method = 'language-model';
    content = await modelAnswer(model, history, request, question, citations);
  } else {
    method = 'extractive';
    content = citations.map((citation) => citation.text).join('\n');
  }
  await chat.transaction(async (trx) => {
    await trx.addMessage({
      threadId: thread.id,
      role: ChatMessageRole.User,
      content: question,
      method: null,
      references: [],
    });
    await trx.addMessage({ threadId: thread.id, role: ChatMessageRole.Assistant, content, method, references });
  });
  return { thread_id: thread.id, message: { role: ChatMessageRole.Assistant, content }, references, method };
}

const THREAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's thread: the one named (theirs, about the same task), else a new one. */
async function threadFor(chat: ChatRepository, session: Session, request: ChatRequest, taskId: string | null) {
  if (request.thread_id) {
    // Threads are numbered by this server (UUIDs): anything else names none, and is not looked up.
    const thread = THREAD_ID.test(request.thread_id) ? await chat.thread(request.thread_id) : undefined;
    if (
      !thread ||
      thread.user_id !== session.user.id ||
      thread.task_id !== taskId ||
      thread.workspace_id !== request.workspace_id
    ) {
      throw notFound('The conversation does not exist.', TaskErrorCode.NotFound);
    }
    return thread;
  }
  return chat.createThread({ workspace_id: request.workspace_id, task_id: taskId, user_id: session.user.id });
}

async function referencesOf(chat: ChatRepository, citations: readonly Citation[]): Promise<ChatReference[]> {
  const names = new Map(
    (await chat.taskNames([...new Set(citations.map((c) => c.taskId))])).map((t) => [t.id, t.display_name]),
  );
  const references: ChatReference[] = [];
  for (const citation of citations) {
    let boundingBox: ChatReference['boundingBox'] = null;
    if (citation.pageNumber !== null && citation.lineIndex !== null) {
      const page = await chat.pageOcr(citation.taskId, citation.pageNumber);
      boundingBox = page ? lineBox(page.ocr, citation.lineIndex) : null;
    }
    references.push({
      taskId: citation.taskId,
      displayName: names.get(citation.taskId) ?? null,
      text: citation.text,
      startTimeSeconds: citation.startTimeSeconds,
      pageNumber: citation.pageNumber,
      boundingBox,
    });
  }
  return references;
}

async function modelAnswer(
  model: NonNullable<ReturnType<typeof languageModelFor>>,
  history: Array<{ role: number; content: string }>,
  request: ChatRequest,
  question: string,
  citations: readonly Citation[],
): Promise<string> {
  const numbered = citations
    .map((citation, i) => {
      const where =
        citation.pageNumber !== null
          ? `page ${citation.pageNumber}`
          : citation.startTimeSeconds !== null
            ? `at ${Math.floor(citation.startTimeSeconds)} s`
            : '';
      return `[${i + 1}]${where ? ` (${where})` : ''} ${citation.text}`;
    })
    .join('\n');
  const earlier: ChatTurn[] = (history.length > 0 ? history : (request.messages ?? [])).slice(-10).map((m) => ({
    role: m.role === ChatMessageRole.Assistant ? 'assistant' : 'user',
    content: m.content,
  }));
  try {
    return await model.complete(
      [
        {
          role: 'system',
          content:
            'You are DocAI, an assistant that answers questions about a document or recording. Answer only from the numbered passages given with the question, in the language of the question, briefly, citing the passages you use as [1], [2]. If the passages do not answer the question, say that the text does not say.',
        },
        ...earlier,
        { role: 'user', content: `Passages:\n${numbered}\n\nQuestion: ${question}` },
      ],
      { maxTokens: 400 },
    );
  } catch (error) {
    if (error instanceof LanguageModelError) {
      throw invalid(`DocAI could not answer: ${error.message}`);
    }
    throw error;
  }
}
