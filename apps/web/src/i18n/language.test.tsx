import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/app';
import { LANGUAGE_STORAGE_KEY, readStoredLanguage, storeLanguage } from './language';

describe('the stored language', () => {
  it('is Portuguese on a first visit (spec: initial language pt)', () => {
    expect(readStoredLanguage()).toBe('pt');
  });

  it('is what was stored, when it is one of the five', () => {
    storeLanguage('fr');
    expect(readStoredLanguage()).toBe('fr');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(readStoredLanguage()).toBe('pt');
  });

  it('tells the server the culture through the cookie its pages and calls read', () => {
    storeLanguage('de');
    expect(document.cookie).toContain('.AspNetCore.Culture=de-DE');
    storeLanguage('pt');
    expect(document.cookie).toContain('.AspNetCore.Culture=pt-PT');
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readStoredLanguage(broken)).toBe('pt');
    expect(() => storeLanguage('en', broken)).not.toThrow();
  });
});

describe('the language switcher', () => {
  it('starts in Portuguese', async () => {
    renderApp({ abilities: ['Home.View'] });
    expect((await screen.findByTestId('menu.home')).textContent).toBe('Início');
    expect(screen.getByTestId('language.pt').getAttribute('aria-pressed')).toBe('true');
  });

  it('switches every text, remembers the choice, and the next visit starts in it', async () => {
    const first = renderApp({ abilities: ['Home.View'] });
    await userEvent.click(await screen.findByTestId('language.en'));
    await waitFor(() => expect(screen.getByTestId('menu.home').textContent).toBe('Home'));
    expect(screen.getByTestId('language.en').getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en-US');
    first.unmount();

    renderApp({ abilities: ['Home.View'] });
    expect((await screen.findByTestId('menu.home')).textContent).toBe('Home');
  });

  it('translates the packages too (the home view of admin-panels)', async () => {
    renderApp({ abilities: ['Home.View'] });
    await userEvent.click(await screen.findByTestId('language.de'));
    await waitFor(() => expect(screen.getByTestId('menu.home').textContent).toBe('Startseite'));
    // The view's own heading comes from the package's namespace, not the app's.
    await waitFor(() => expect(screen.getByTestId('home').textContent).toContain('Startseite'));
  });
});
