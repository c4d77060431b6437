import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountTranscriptEditor } from './embed.js';
import { giveElementsASize } from './test/jsdom.js';
import { createMockTranscriptApi } from './test/mock-api.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => giveElementsASize());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({
  baseUrl: 'https://api.reviewdesk.test',
  getAccessToken: () => 't',
  fetch: (r) => globalThis.fetch(r),
});

describe('mountTranscriptEditor', () => {
  it('mounts, updates, emits typed events until unsubscribed, and destroys', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const element = document.createElement('div');
    document.body.append(element);
    const editor = mountTranscriptEditor(element, {
      client,
      taskId: api.init.taskId,
      userId: 'embed-unit',
      locale: 'en',
    });
    const states: string[] = [];
    const times: number[] = [];
    const off = editor.on('saveStateChange', (state) => states.push(state));
    editor.on('timeUpdate', ({ time }) => times.push(time));

    const first = await screen.findByTestId('paragraph.0');
    await userEvent.click(within(first).getByRole('button', { name: 'fellow' }));
    expect(times.at(-1)).toBe(1.15);
    await userEvent.click(within(first).getByTestId('paragraph.0.edit'));
    await userEvent.type(within(first).getByRole('textbox'), ' you{Enter}');
    await waitFor(() => expect(states.at(-1)).toBe('saved'), { timeout: 3000 });
    expect(states).toContain('unsaved');

    off();
    const count = states.length;
    await act(async () => editor.update({ locale: 'de' }));
    expect(await screen.findByText('Alle Änderungen gespeichert')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('paragraph.0')).getByTestId('paragraph.0.merge'));
    await waitFor(() => expect(api.state.saves).toHaveLength(2), { timeout: 3000 });
    expect(states.length).toBe(count);
    expect(api.state.transcript.transcripts).toHaveLength(1);

    await act(async () => editor.destroy());
    expect(element.innerHTML).toBe('');
    element.remove();
  });

  it('two mounts keep their own sessions', async () => {
    const api = createMockTranscriptApi();
    server.use(...api.handlers);
    const a = document.createElement('div');
    const b = document.createElement('div');
    document.body.append(a, b);
    const one = mountTranscriptEditor(a, {
      client,
      taskId: api.init.taskId,
      userId: 'embed-a',
      locale: 'en',
      readOnly: true,
    });
    const two = mountTranscriptEditor(b, {
      client,
      taskId: api.init.taskId,
      userId: 'embed-b',
      locale: 'fr',
      readOnly: true,
    });
    await waitFor(() => expect(a.querySelector('[data-testid="paragraph.0"]')).not.toBeNull());
    await waitFor(() => expect(b.querySelector('[data-testid="paragraph.0"]')).not.toBeNull());
    expect(a.querySelector('[data-testid="banner.read-only"]')?.textContent).toBe('Read-only view.');
    expect(b.querySelector('[data-testid="banner.read-only"]')?.textContent).toBe('Vue en lecture seule.');
    await act(async () => one.destroy());
    expect(b.querySelector('[data-testid="paragraph.0"]')).not.toBeNull();
    await act(async () => two.destroy());
    a.remove();
    b.remove();
  });

  it('needs a client or a base URL with a token provider', () => {
    expect(() => mountTranscriptEditor(document.createElement('div'), { taskId: 'x' })).toThrow(/baseUrl/);
  });
});
