import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/app';
import { API, implementedOperations, implementing, server, tenants, viewerInit } from '../../test/server';

// The viewer itself is tested in its package (jsdom, Storybook in Chromium, tests/embed, e2e);
// here only what this page adds: the query parameters in, the next task out.
const viewer = vi.hoisted(() => ({ props: null as null | Record<string, unknown> }));
const editor = vi.hoisted(() => ({ props: null as null | Record<string, unknown> }));
vi.mock('@reviewdesk/transcript-editor', () => ({
  TranscriptEditor: (props: Record<string, unknown>) => {
    editor.props = props;
    return <div data-testid="transcript-editor" />;
  },
}));
vi.mock('@reviewdesk/transcript-editor/styles.css', () => ({}));
vi.mock('@reviewdesk/document-viewer', async (original) => ({
  ...(await original<typeof import('@reviewdesk/document-viewer')>()),
  DocumentViewer: (props: Record<string, unknown>) => {
    viewer.props = props;
    return <div data-testid="viewer" />;
  },
}));

const builder = vi.hoisted(() => ({ props: null as null | Record<string, unknown> }));
vi.mock('@reviewdesk/document-viewer/template-builder', () => ({
  TemplateBuilder: (props: Record<string, unknown>) => {
    builder.props = props;
    return <div data-testid="template-builder" />;
  },
}));

describe('/task/viewer', () => {
  it('opens a task in the template builder on /task/viewer/templatebuilder', async () => {
    renderApp({ path: '/task/viewer/templatebuilder?taskId=t-1&workspaceId=w-1', abilities: ['Viewer.View'] });
    await screen.findByTestId('template-builder');
    expect(builder.props).toMatchObject({ taskId: 't-1' });
    expect(screen.queryByTestId('viewer')).toBeNull();
  });

  it('opens the task named by the query parameters', async () => {
    renderApp({ path: '/task/viewer?taskId=t-1&workspaceId=w-1&batchId=b-1', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(viewer.props).toMatchObject({ taskId: 't-1', externalId: undefined });
  });

  it('opens at the page of a search hit', async () => {
    renderApp({ path: '/task/viewer?taskId=t-1&workspaceId=w-1&page=3', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(viewer.props).toMatchObject({ taskId: 't-1', initialPage: 3 });
  });

  it('opens at the first field when the page parameter is not a page', async () => {
    renderApp({ path: '/task/viewer?taskId=t-1&page=zero', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(viewer.props).toMatchObject({ taskId: 't-1', initialPage: null });
  });

  it('opens a task recognized by a custom model on /task/viewer/custom in the document viewer', async () => {
    renderApp({ path: '/task/viewer/custom?taskId=t-1&workspaceId=w-1', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(viewer.props).toMatchObject({ taskId: 't-1' });
  });

  it('clears the detected fields of a custom-model task after a confirmation and opens it again', async () => {
    const cleared: string[] = [];
    server.use(
      implementing('SdTask_ClearTaskDetectedFields'),
      http.post(`${API}/v1/SdTask/ClearTaskDetectedFields/:taskId`, ({ params }) => {
        cleared.push(String(params.taskId));
        return HttpResponse.json({ succeeded: true, errors: [], result: true });
      }),
    );
    const { router } = renderApp({
      path: '/task/viewer/custom?taskId=t-1&workspaceId=w-1',
      abilities: ['Viewer.View', 'Task.CleanEntities'],
      language: 'en',
    });
    await screen.findByTestId('viewer');
    const before = viewer.props;
    await userEvent.click(await screen.findByRole('button', { name: 'Clear detected fields' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Take the fields the model detected off this task? What people labelled or added stays.',
    );
    expect(cleared).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear detected fields' }));
    await waitFor(() => expect(cleared).toEqual(['t-1']));
    // Opened again (a new timestamp in the address): the viewer reads the cleared pages.
    await waitFor(() => expect(router.state.location.search).toMatch(/timestamp=\d+/));
    expect(viewer.props).not.toBe(before);
    expect(viewer.props).toMatchObject({ taskId: 't-1' });
  });

  it('offers no clearing without Task.CleanEntities, nor on /task/viewer', async () => {
    server.use(implementing('SdTask_ClearTaskDetectedFields'));
    const { unmount } = renderApp({ path: '/task/viewer/custom?taskId=t-1', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(screen.queryByTestId('viewer.clear-detected')).toBeNull();
    unmount();
    renderApp({ path: '/task/viewer?taskId=t-1', abilities: ['Viewer.View', 'Task.CleanEntities'] });
    await screen.findByTestId('viewer');
    expect(screen.queryByTestId('viewer.clear-detected')).toBeNull();
  });

  it('opens a task by its external id on /task/viewer/documents', async () => {
    renderApp({ path: '/task/viewer/documents?externalId=INV-7', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(viewer.props).toMatchObject({ taskId: undefined, externalId: 'INV-7' });
  });

  it('replaces the finished task by the next one in the address, keeping the other parameters', async () => {
    const { router } = renderApp({
      path: '/task/viewer?taskId=t-1&workspaceId=w-1&batchId=b-1',
      abilities: ['Viewer.View'],
    });
    await screen.findByTestId('viewer');
    const openTask = viewer.props?.onOpenTask as ((id: string) => void) | undefined;
    expect(openTask).toBeTypeOf('function');
    await act(async () => openTask?.('t-2'));
    await waitFor(() => expect(viewer.props?.taskId).toBe('t-2'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('taskId')).toBe('t-2');
    expect(params.get('workspaceId')).toBe('w-1');
    expect(params.get('batchId')).toBe('b-1');
    expect(router.state.location.pathname).toBe('/task/viewer');
  });

  it('says what it needs when the address names no task', async () => {
    renderApp({ path: '/task/viewer', abilities: ['Viewer.View'] });
    expect(await screen.findByTestId('viewer.no-task')).toBeTruthy();
  });

  it.each(['Transcript', 'Subtitles'] as const)(
    'opens a %s task in the transcript editor, never the document viewer',
    async (type) => {
      viewer.props = null;
      editor.props = null;
      server.use(http.get(`${API}/v1/Viewer/ViewerInit`, () => HttpResponse.json(viewerInit(type, 'm-1', 'w-9'))));
      const { router } = renderApp({
        path: '/task/viewer/transcripts?taskId=m-1&workspaceId=w-9',
        abilities: ['Viewer.View'],
      });
      await screen.findByTestId('transcript-editor');
      expect(viewer.props).toBeNull();
      expect(editor.props).toMatchObject({ taskId: 'm-1', externalId: undefined });
      // Read through a function: the assignment above narrowed `editor.props` to null for the compiler.
      const props = (): Record<string, unknown> | null => editor.props;
      const openTask = props()?.onOpenTask as ((id: string) => void) | undefined;
      await act(async () => openTask?.('m-2'));
      await waitFor(() => expect(props()?.taskId).toBe('m-2'));
      expect(router.state.location.pathname).toBe('/task/viewer/transcripts');
      expect(new URLSearchParams(router.state.location.search).get('workspaceId')).toBe('w-9');
    },
  );

  it('routes a summary of a recording to the media page: no editor, no checkout, the transcript exports', async () => {
    viewer.props = null;
    editor.props = null;
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    server.use(
      http.get(`${API}/v1/Viewer/ViewerInit`, () =>
        HttpResponse.json(viewerInit('TranscriptSummarization', 'm-1', 'w-9')),
      ),
      http.post(`${API}/v1/Transcript/Export/m-1`, () =>
        HttpResponse.text('hello', {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="m.srt"',
          },
        }),
      ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:m');
    URL.revokeObjectURL = vi.fn();
    renderApp({ path: '/task/viewer?taskId=m-1&workspaceId=w-9', abilities: ['Viewer.View'], language: 'de' });
    const page = await screen.findByTestId('media-task');
    expect(page.textContent).toContain('Die Prüfung von Transkripten ist noch nicht verfügbar');
    expect(screen.queryByTestId('viewer')).toBeNull();
    expect(viewer.props).toBeNull();
    expect(editor.props).toBeNull();
    await userEvent.click(screen.getByTestId('media-task.export.Srt'));
    await waitFor(() => expect(calls).toContain('POST /api/v1/Transcript/Export/m-1'));
    expect(calls.filter((call) => /Checkout|Review\//.test(call))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('routes a translation to its read-only page: both languages side by side, the exports, no checkout', async () => {
    viewer.props = null;
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    server.use(
      http.get(`${API}/v1/Viewer/ViewerInit`, () => HttpResponse.json(viewerInit('Translation', 'tr-1', 'w-9'))),
      http.get(`${API}/v1/Viewer/Translation/tr-1`, () =>
        HttpResponse.json({
          inputLanguage: 'en',
          outputLanguage: 'es',
          engine: 'apertium',
          passages: [
            {
              pageNumber: 1,
              startTimeSeconds: null,
              speakerName: null,
              sourceText: 'Here’s to the crazy ones.\nThe misfits.',
              text: 'Aquí está a los locos.\n\nLos inadaptados.',
            },
          ],
        }),
      ),
      http.post(`${API}/v1/Viewer/Export/tr-1/4`, () =>
        HttpResponse.text('docx', {
          headers: {
            'content-type': 'application/octet-stream',
            'content-disposition': 'attachment; filename="crazyones.docx"',
          },
        }),
      ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:tr');
    URL.revokeObjectURL = vi.fn();
    renderApp({ path: '/task/viewer?taskId=tr-1&workspaceId=w-9', abilities: ['Viewer.View'], language: 'es' });
    const passage = await screen.findByTestId('translation-task.passage.1');
    expect(screen.getByTestId('translation-task').textContent).toContain('Traducción inglés → español por apertium.');
    expect(passage.querySelector('h2')?.textContent).toBe('Página 1');
    const translated = screen.getByTestId('translation-task.text');
    expect(translated.getAttribute('lang')).toBe('es');
    expect([...translated.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Aquí está a los locos.',
      'Los inadaptados.',
    ]);
    expect(screen.getByTestId('translation-task.source').getAttribute('lang')).toBe('en');
    expect(viewer.props).toBeNull();
    await userEvent.click(screen.getByTestId('translation-task.export.Word'));
    await waitFor(() => expect(calls).toContain('POST /api/v1/Viewer/Export/tr-1/4'));
    expect(calls.filter((call) => /Checkout|Review\//.test(call))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('says a translation is not ready yet while the task is being processed', async () => {
    server.use(
      http.get(`${API}/v1/Viewer/ViewerInit`, () => HttpResponse.json(viewerInit('Translation', 'tr-2', 'w-9'))),
      http.get(`${API}/v1/Viewer/Translation/tr-2`, () =>
        HttpResponse.json(
          { succeeded: false, errors: [{ code: 4, message: 'The task is not translated yet.' }] },
          { status: 400 },
        ),
      ),
    );
    renderApp({ path: '/task/viewer?taskId=tr-2', abilities: ['Viewer.View'], language: 'en' });
    const pending = await screen.findByTestId('translation-task.pending');
    expect(pending.textContent).toBe(
      'This task is not translated yet: it is still being processed. This page looks again every 20 seconds.',
    );
    expect(screen.queryByTestId('translation-task.export.Word')).toBeNull();
  });

  it('reads a transcript in another language from the bar above the editor, each paragraph at its time', async () => {
    editor.props = null;
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/v1/Viewer/ViewerInit`, () => HttpResponse.json(viewerInit('Transcript', 'm-1', 'w-9'))),
      http.get(`${API}/v1/Viewer/Translation/m-1`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('outputLanguage'));
        return HttpResponse.json({
          inputLanguage: 'en',
          outputLanguage: 'es',
          engine: 'apertium',
          passages: [
            {
              pageNumber: null,
              startTimeSeconds: 0,
              speakerName: 'Chair',
              sourceText: 'Welcome.',
              text: 'Bienvenido.',
            },
            {
              pageNumber: null,
              startTimeSeconds: 65,
              speakerName: null,
              sourceText: 'The house is red.',
              text: 'La casa es roja.',
            },
          ],
        });
      }),
    );
    const { router } = renderApp({
      path: '/task/viewer/transcripts?taskId=m-1&workspaceId=w-9',
      abilities: ['Viewer.View'],
      language: 'en',
    });
    await screen.findByTestId('transcript-editor');
    await userEvent.selectOptions(screen.getByTestId('transcript-translation.language'), 'es');
    await userEvent.click(screen.getByTestId('transcript-translation.open'));
    const second = await screen.findByTestId('translation-task.passage.2');
    expect(new URLSearchParams(router.state.location.search).get('translateTo')).toBe('es');
    expect(asked).toEqual(['es']);
    expect(screen.getByTestId('translation-task.passage.1').querySelector('h2')?.textContent).toBe('0:00 · Chair');
    const time = second.querySelector('h2 a');
    expect(time?.textContent).toBe('1:05');
    expect(time?.getAttribute('href')).toBe('/task/viewer/transcripts?taskId=m-1&workspaceId=w-9&time=65');
    expect(second.querySelector('[data-testid="translation-task.text"]')?.getAttribute('lang')).toBe('es');
    // A transcript has no document exports; the way back is the editor.
    expect(screen.queryByTestId('translation-task.export.Word')).toBeNull();
    await userEvent.click(time as HTMLElement);
    await screen.findByTestId('transcript-editor');
    expect(editor.props).toMatchObject({ taskId: 'm-1', initialTime: 65 });
  });

  it("lists only the languages the server's engine offers from the recording's language, and no bar without any", async () => {
    editor.props = null;
    const init = viewerInit('Transcript', 'm-1', 'w-9');
    init.workspaceConfig.languages = { languageCode: 'en-US' };
    const pairs = [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'pt' },
      { from: 'en', to: 'ca' },
    ];
    server.use(
      http.get(`${API}/v1/Viewer/ViewerInit`, () => HttpResponse.json(init)),
      http.get(`${API}/v1/Server/Capabilities`, () =>
        HttpResponse.json({ operations: implementedOperations, translationPairs: pairs }),
      ),
    );
    const { unmount } = renderApp({
      path: '/task/viewer/transcripts?taskId=m-1&workspaceId=w-9',
      abilities: ['Viewer.View'],
      language: 'en',
    });
    const select = (await screen.findByTestId('transcript-translation.language')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toEqual([
      ['ca', 'Catalan'],
      ['es', 'Spanish'],
    ]);
    unmount();

    // A server with no translation engine offers nothing: no bar that could only be refused.
    server.use(
      http.get(`${API}/v1/Server/Capabilities`, () =>
        HttpResponse.json({ operations: implementedOperations, translationPairs: [] }),
      ),
    );
    renderApp({ path: '/task/viewer/transcripts?taskId=m-1&workspaceId=w-9', abilities: ['Viewer.View'] });
    await screen.findByTestId('transcript-editor');
    expect(screen.queryByTestId('transcript-translation')).toBeNull();
  });

  it('makes the workspace of the opened task the header workspace', async () => {
    server.use(http.get(`${API}/v1/Viewer/ViewerInit`, () => HttpResponse.json(viewerInit('Invoice', 't-1', 'w-7'))));
    renderApp({ path: '/task/viewer?taskId=t-1', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem('reviewdesk:preferences:demo-subject') ?? '{}');
      expect(stored.lastWorkspaceIds?.[0]).toBe('w-7');
    });
  });

  it('says in the person language why a task cannot be opened, the server text as detail', async () => {
    server.use(
      http.get(`${API}/v1/Viewer/ViewerInit`, () =>
        HttpResponse.json(
          { status: 404, message: 'Task not found.', errors: [{ code: 0, message: 'Task not found.' }] },
          { status: 404 },
        ),
      ),
    );
    renderApp({ path: '/task/viewer?taskId=gone', abilities: ['Viewer.View'], language: 'fr' });
    const error = await screen.findByTestId('viewer.load-error');
    expect(error.textContent).toContain('La tâche n’a pas pu être ouverte.');
    expect(error.textContent).toContain('Introuvable.');
    expect(error.textContent).not.toContain('An unexpected server error occurred.');
  });

  describe('a shared link naming a tenant', () => {
    const changes = () => {
      const asked: string[] = [];
      server.use(
        http.patch(`${API}/v1/Tenant/ChangeTenant`, ({ request }) => {
          asked.push(new URL(request.url).searchParams.get('tenantId') ?? '');
          return HttpResponse.json({ succeeded: true, errors: [], result: {} });
        }),
      );
      return asked;
    };

    it('changes to the link’s tenant before looking for the task, then reloads', async () => {
      const asked = changes();
      let opened = false;
      server.use(
        http.get(`${API}/v1/Viewer/ViewerInit`, () => {
          opened = true;
          return HttpResponse.json(viewerInit('Invoice', 't-1'));
        }),
      );
      const other = tenants[1]?.tenantId as string;
      const { environment } = renderApp({
        path: `/task/viewer?taskId=t-1&tenantId=${other}`,
        abilities: ['Viewer.View'],
      });
      await waitFor(() => expect(environment.reload).toHaveBeenCalled());
      expect(asked).toEqual([other]);
      expect(opened).toBe(false);
    });

    it('opens the task at once in the tenant the person already works in', async () => {
      const asked = changes();
      renderApp({ path: `/task/viewer?taskId=t-1&tenantId=${tenants[0]?.tenantId}`, abilities: ['Viewer.View'] });
      await screen.findByTestId('viewer');
      expect(asked).toEqual([]);
    });

    it('does not change to a tenant the person is no member of: the task is then not found', async () => {
      const asked = changes();
      server.use(
        http.get(`${API}/v1/Viewer/ViewerInit`, () =>
          HttpResponse.json({ status: 404, errors: [{ code: 0, message: 'Task not found.' }] }, { status: 404 }),
        ),
      );
      renderApp({
        path: '/task/viewer?taskId=t-1&tenantId=00000000-0000-4000-8000-0000000000ff',
        abilities: ['Viewer.View'],
      });
      await screen.findByTestId('viewer.load-error');
      expect(asked).toEqual([]);
    });
  });
});
