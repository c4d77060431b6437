import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/app';

// The viewer itself is tested in its package (jsdom, Storybook in Chromium, tests/embed, e2e);
// here only what this page adds: the query parameters in, the next task out.
const viewer = vi.hoisted(() => ({ props: null as null | Record<string, unknown> }));
vi.mock('@reviewdesk/document-viewer', async (original) => ({
  ...(await original<typeof import('@reviewdesk/document-viewer')>()),
  DocumentViewer: (props: Record<string, unknown>) => {
    viewer.props = props;
    return <div data-testid="viewer" />;
  },
}));

describe('/task/viewer', () => {
  it('opens the task named by the query parameters', async () => {
    renderApp({ path: '/task/viewer?taskId=t-1&workspaceId=w-1&batchId=b-1', abilities: ['Viewer.View'] });
    await screen.findByTestId('viewer');
    expect(viewer.props).toMatchObject({ taskId: 't-1', externalId: undefined });
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
});
