import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountWorkspaceSettings } from './embed';
import { createMockAdminApi, WORKSPACE_ID } from './test/mock-api';
import { abilities, testClient } from './test/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const grants = abilities('Workspace.View', 'Workspace.Edit', 'Workspace.EditBasic');
const nameInput = (root: HTMLElement) =>
  root.querySelector<HTMLInputElement>('[data-testid="workspace.basic.displayName"]');
const selectedTab = (root: HTMLElement) => root.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('mountWorkspaceSettings', () => {
  it('mounts independent instances, reports typed events, and cleans up', async () => {
    server.use(...createMockAdminApi().handlers);
    const left = document.createElement('div');
    const right = document.createElement('div');
    document.body.append(left, right);
    const common = { workspaceId: WORKSPACE_ID, abilities: grants, preferencesStorage: null } as const;
    const first = await act(async () =>
      mountWorkspaceSettings(left, { ...common, client: testClient(), locale: 'en' }),
    );
    const second = await act(async () =>
      mountWorkspaceSettings(right, { ...common, client: testClient(), locale: 'de' }),
    );

    await waitFor(() => expect(nameInput(left)?.value).toBe('Faturas de fornecedores'));
    await waitFor(() => expect(nameInput(right)?.value).toBe('Faturas de fornecedores'));
    // Own i18n per instance: one English, one German.
    expect(selectedTab(left)).toBe('Basic');
    expect(selectedTab(right)).toBe('Allgemein');

    const saved = vi.fn();
    const navigated = vi.fn();
    const off = first.on('saved', saved);
    first.on('navigate', navigated);
    const input = nameInput(left);
    if (!input) throw new Error('no name input');
    await act(async () => {
      // React listens to the native setter's input event, as a typing person produces it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'Contracts');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => left.querySelector<HTMLButtonElement>('[data-testid="workspace.basic.save"]')?.click());
    await waitFor(() =>
      expect(saved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'basic', workspaceId: WORKSPACE_ID }),
    );
    off();

    await act(async () => left.querySelector<HTMLButtonElement>('[role="tab"]')?.click());
    expect(navigated).toHaveBeenCalledWith({ screen: 'workspace', tab: 'basic' });

    await act(async () => first.update({ locale: 'fr' }));
    await waitFor(() => expect(selectedTab(left)).toBe('Général'));

    await act(async () => first.destroy());
    expect(left.innerHTML).toBe('');
    expect(nameInput(right)?.value).toBe('Faturas de fornecedores');
    await act(async () => second.destroy());
  });
});
