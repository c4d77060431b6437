import type { ApiClient } from '@reviewdesk/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { renderWithProvider } from '../test/render';
import { DocAiChat } from './DocAiChat';
import { docAiResources } from './i18n';
import type { ChatReference } from './useDocAi';

const SENTENCE: ChatReference = {
  taskId: 'task-1',
  displayName: 'meeting.wav',
  text: 'The budget grows by ten percent next year.',
  pageNumber: null,
  startTimeSeconds: 83,
  boundingBox: null,
};

/** A client answering DocAI's two calls: the budget sentence for a question about the budget. */
function docAiClient() {
  const asked: Array<Record<string, unknown>> = [];
  const call = vi.fn(async (id: string, init: { body?: Record<string, unknown> }) => {
    if (id === 'Chatbot_IsConfigured') return { data: true };
    const body = init.body ?? {};
    asked.push(body);
    const found = /budget/i.test(String(body.query));
    return {
      data: {
        thread_id: 'thread-1',
        method: 'extractive',
        message: { role: 20, content: found ? SENTENCE.text : 'No passage.' },
        references: found ? [SENTENCE] : [],
      },
    };
  });
  return { client: { call } as unknown as ApiClient, asked };
}

describe('DocAiChat', () => {
  it('names a citation as the host says and lets the host open it; the thread goes on', async () => {
    const { client, asked } = docAiClient();
    const opened = vi.fn();
    renderWithProvider(
      <DocAiChat
        taskId="task-1"
        workspaceId="ws-1"
        subject="recording"
        citationPlace={(reference) => `at ${reference.startTimeSeconds}`}
        onOpenCitation={opened}
      />,
      { client, locale: 'en' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your question about this recording'), 'What about the budget?');
    await user.click(screen.getByTestId('docai.ask'));
    const reference = await screen.findByTestId('docai.reference.1.0');
    expect(reference.textContent).toBe(`at 83${SENTENCE.text}`);
    expect(screen.getByText(/Passages quoted from the transcript/)).toBeTruthy();
    await user.click(reference);
    expect(opened).toHaveBeenCalledWith(SENTENCE);

    await user.type(screen.getByTestId('docai.question'), 'And the sky?');
    await user.click(screen.getByTestId('docai.ask'));
    expect(await screen.findByText(/Nothing said in this recording answers the question/)).toBeTruthy();
    expect(asked[1]).toMatchObject({ thread_id: 'thread-1', task_id: 'task-1', workspace_id: 'ws-1' });
    expect(asked[1]?.messages).toEqual(
      expect.arrayContaining([
        { role: 10, content: 'What about the budget?' },
        { role: 20, content: SENTENCE.text },
      ]),
    );
  });

  it('shows a passage the host cannot open without offering it', async () => {
    const { client } = docAiClient();
    renderWithProvider(
      <DocAiChat taskId="t" workspaceId="w" subject="document" citationPlace={() => null} onOpenCitation={vi.fn()} />,
      { client, locale: 'en' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your question about this document'), 'budget');
    await user.click(screen.getByTestId('docai.ask'));
    await waitFor(() => expect((screen.getByTestId('docai.reference.1.0') as HTMLButtonElement).disabled).toBe(true));
  });
});

describe('docai translations', () => {
  const flatten = (value: unknown, prefix = ''): Map<string, string> => {
    const out = new Map<string, string>();
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof child === 'string') out.set(path, child);
      else for (const [k, v] of flatten(child, path)) out.set(k, v);
    }
    return out;
  };
  const english = flatten(docAiResources.en);

  it.each(LANGUAGES)('%s has every key, none empty, with the same variables', (lng) => {
    const strings = flatten(docAiResources[lng]);
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of strings) expect(text.trim(), `${lng}:${key}`).not.toBe('');
  });
});
