import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/app';

describe('the skip link', () => {
  it('is the first Tab stop and puts the focus on the named main region, the address unchanged', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ abilities: ['Home.View', 'Task.ListView'], language: 'en' });
    await screen.findByTestId('menu');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main', { name: 'Main content' });
    await waitFor(() => expect(document.activeElement).toBe(main));
    expect(main.tabIndex).toBe(-1);
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.hash).toBe('');
    // From there, Tab goes on inside the screen, past the top bar and the menu.
    await user.tab();
    expect(main.contains(document.activeElement)).toBe(true);
  });

  it('is said in the reviewer’s language', async () => {
    renderApp({ abilities: ['Home.View'], language: 'de' });
    await screen.findByTestId('menu');
    expect(screen.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeTruthy();
    expect(screen.getByRole('main', { name: 'Hauptinhalt' })).toBeTruthy();
  });
});
