import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockProfileApi, USER_ID } from '../test/mock-profile';
import { abilities, testClient } from '../test/render';
import { mountUserProfile } from './embed';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const selectedTab = (root: HTMLElement) => root.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
const byTestId = <T extends HTMLElement>(root: HTMLElement, id: string) =>
  root.querySelector<T>(`[data-testid="${id}"]`);

describe('mountUserProfile', () => {
  it('mounts independent instances, reports typed events, and cleans up', async () => {
    server.use(...createMockProfileApi().handlers);
    const left = document.createElement('div');
    const right = document.createElement('div');
    document.body.append(left, right);
    const common = { abilities: abilities('User.Profile'), preferencesStorage: null } as const;
    const first = await act(async () => mountUserProfile(left, { ...common, client: testClient(), locale: 'en' }));
    const second = await act(async () => mountUserProfile(right, { ...common, client: testClient(), locale: 'fr' }));
    await waitFor(() => expect(byTestId(left, 'profile.email')?.textContent).toBe('dana@example.com'));
    await waitFor(() => expect(byTestId(right, 'profile.email')?.textContent).toBe('dana@example.com'));
    expect(selectedTab(left)).toBe('E-mail and personal data');
    expect(selectedTab(right)).toBe('E-mail et données personnelles');

    const navigated = vi.fn();
    const deleted = vi.fn();
    first.on('navigate', navigated);
    first.on('accountDeleted', deleted);
    await act(async () => left.querySelectorAll<HTMLButtonElement>('[role="tab"]')[1]?.click());
    expect(navigated).toHaveBeenCalledWith({ screen: 'profile', tab: 'password' });

    await act(async () => first.update({ tab: 'email', locale: 'de' }));
    await waitFor(() => expect(selectedTab(left)).toBe('E-Mail und persönliche Daten'));
    await act(async () => byTestId<HTMLButtonElement>(left, 'profile.deletion.open')?.click());
    await waitFor(() => expect(document.querySelector('[data-testid="profile.deletion.confirm"]')).not.toBeNull());
    const confirm = document.querySelector<HTMLInputElement>('[data-testid="profile.deletion.confirm"]');
    if (!confirm) throw new Error('no confirmation field');
    await act(async () => {
      // React listens to the native setter's input event, as a typing person produces it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(confirm, 'LÖSCHEN');
      confirm.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () =>
      document.querySelector<HTMLButtonElement>('[data-testid="profile.deletion.submit"]')?.click(),
    );
    await waitFor(() => expect(deleted).toHaveBeenCalledWith({ userId: USER_ID }));

    await act(async () => first.destroy());
    expect(left.innerHTML).toBe('');
    expect(byTestId(right, 'profile.email')?.textContent).toBe('dana@example.com');
    await act(async () => second.destroy());
  });
});
