import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountDocumentViewer } from './embed.js';
import { mountTemplateBuilder } from './template-builder-embed.js';
import { invoiceConfig } from './test/fixtures.js';
import { createMockViewerApi } from './test/mock-api.js';
import { createMockTemplateApi } from './test/mock-template-api.js';

// pdf.js needs a real browser; the stand-in keeps this test about the mount API (see tests/embed for the real thing).
vi.mock('./pages/index.js', () => ({ DocumentPages: () => null, PageThumbnails: () => null }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({
  baseUrl: 'https://api.reviewdesk.test',
  getAccessToken: () => 't',
  fetch: (r) => globalThis.fetch(r),
});

// Each mount test renders a whole viewer in jsdom and types through user-event: 1–2 s alone, past
// vitest's 5 s default on a two-core machine running the other suites beside it.
const MOUNT_TIMEOUT_MS = 20_000;

describe('mountDocumentViewer', () => {
  it('mounts, updates, emits typed events until unsubscribed, and destroys', {
    timeout: MOUNT_TIMEOUT_MS,
  }, async () => {
    const api = createMockViewerApi();
    server.use(...api.handlers);
    const element = document.createElement('div');
    document.body.append(element);
    const viewer = mountDocumentViewer(element, {
      client,
      taskId: api.init.taskId,
      userId: 'embed-unit',
      locale: 'en',
    });
    const states: string[] = [];
    const off = viewer.on('saveStateChange', (state) => states.push(state));

    const total = await screen.findByRole('textbox', { name: 'Total value' });
    await userEvent.clear(total);
    await userEvent.type(total, '279.84');
    await waitFor(() => expect(states.at(-1)).toBe('saved'), { timeout: 10_000 });

    off();
    const count = states.length;
    await act(async () => viewer.update({ locale: 'de' }));
    const german = await screen.findByRole('textbox', { name: 'Wert von Total' });
    await userEvent.type(german, '0');
    await waitFor(() => expect(api.state.saves.length).toBe(2), { timeout: 10_000 });
    expect(states.length).toBe(count);

    await act(async () => viewer.destroy());
    expect(element.innerHTML).toBe('');
    element.remove();
  });

  it('needs a client or a base URL with a token provider', () => {
    expect(() => mountDocumentViewer(document.createElement('div'), { taskId: 'x' })).toThrow(/baseUrl/);
  });
});

describe('mountTemplateBuilder', () => {
  it("mounts the builder with the template's fields, updates, emits typed events and destroys", {
    timeout: MOUNT_TIMEOUT_MS,
  }, async () => {
    // A labelling workspace: its own configuration has no fields; the template brings them.
    const viewer = createMockViewerApi({
      init: {
        workspaceConfig: invoiceConfig({ categories: [], fieldOrder: [], fieldsToDetect: [], requiredFields: [] }),
      },
    });
    const template = createMockTemplateApi();
    server.use(...template.handlers, ...viewer.handlers);
    const element = document.createElement('div');
    document.body.append(element);
    const abilities = ['Viewer.View', 'Templates.CreateField'].map((permission) => {
      const [subject = '', action = ''] = permission.split('.');
      return { subject, action };
    });
    const builder = mountTemplateBuilder(element, {
      client,
      taskId: viewer.init.taskId,
      userId: 'embed-builder',
      locale: 'en',
      abilities,
    });
    const states: string[] = [];
    const off = builder.on('saveStateChange', (state) => states.push(state));

    expect(await screen.findByRole('heading', { name: 'Template builder' })).toBeTruthy();
    await screen.findByTestId('templates.field.NoteNumber');
    const value = await screen.findByRole('textbox', { name: 'Note number value' });
    await userEvent.type(value, 'DN-1');
    await waitFor(() => expect(states.at(-1)).toBe('saved'), { timeout: 10_000 });
    off();

    await act(async () => builder.update({ locale: 'de' }));
    expect(await screen.findByRole('heading', { name: 'Vorlagen-Editor' })).toBeTruthy();
    expect(() => mountTemplateBuilder(document.createElement('div'), { taskId: 'x' })).toThrow(/baseUrl/);

    await act(async () => builder.destroy());
    expect(element.innerHTML).toBe('');
    element.remove();
  });
});
