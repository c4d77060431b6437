import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountTenantSettings } from '../embed';
import { createMockTenantApi, TENANT_ABILITIES } from '../test/mock-tenant';
import { testClient } from '../test/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const nameInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('[data-testid="tenant.basic.name"]');
const selectedTab = (root: HTMLElement) => root.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('mountTenantSettings', () => {
  it('mounts independent instances, follows update(), reports typed events, and cleans up', async () => {
    const api = createMockTenantApi();
    server.use(...api.handlers);
    const left = document.createElement('div');
    const right = document.createElement('div');
    document.body.append(left, right);
    const common = { abilities: TENANT_ABILITIES, preferencesStorage: null } as const;
    const first = await act(async () => mountTenantSettings(left, { ...common, client: testClient(), locale: 'en' }));
    const second = await act(async () => mountTenantSettings(right, { ...common, client: testClient(), locale: 'es' }));
    await waitFor(() => expect(nameInput(left)?.value).toBe('Acme Documentos'));
    await waitFor(() => expect(nameInput(right)?.value).toBe('Acme Documentos'));
    expect(selectedTab(left)).toBe('Basic');
    expect(selectedTab(right)).toBe('Básico');

    const saved = vi.fn();
    const navigated = vi.fn();
    first.on('saved', saved);
    first.on('navigate', navigated);
    const input = nameInput(left);
    if (!input) throw new Error('no name input');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'Acme Documents');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => left.querySelector<HTMLButtonElement>('[data-testid="tenant.basic.save"]')?.click());
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'basic' }));
    expect(api.state.tenant.name).toBe('Acme Documents');

    const secretsTab = [...left.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (tab) => tab.textContent === 'API secrets',
    );
    await act(async () => secretsTab?.click());
    expect(navigated).toHaveBeenCalledWith({ screen: 'tenant', tab: 'secrets' });

    await act(async () => first.update({ tab: 'connectors' }));
    await waitFor(() => expect(selectedTab(left)).toBe('Connectors'));

    await act(async () => first.destroy());
    expect(left.innerHTML).toBe('');
    expect(nameInput(right)).not.toBeNull();
    await act(async () => second.destroy());
    expect(right.innerHTML).toBe('');
  });
});
