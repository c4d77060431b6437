import { preferencesKey } from '@reviewdesk/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { allScreens, renderApp } from '../test/app';
import { API, implementedOperations, server } from '../test/server';

const menuIds = () =>
  within(screen.getByTestId('menu'))
    .getAllByRole('link')
    .map((link) => link.dataset.testid);

describe('the side menu', () => {
  it('lists only the screens the user may open', async () => {
    renderApp({ abilities: ['Home.View', 'Task.ListView', 'Viewer.View', 'User.Profile'] });
    await screen.findByTestId('menu');
    await waitFor(() => expect(menuIds()).toEqual(['menu.home', 'menu.task-list', 'menu.help-center']));
  });

  it('lists every working screen for a user who may open them all, none that is not in this version', async () => {
    renderApp({ abilities: allScreens });
    await screen.findByTestId('menu');
    await waitFor(() =>
      expect(menuIds()).toEqual([
        'menu.home',
        'menu.task-list',
        'menu.batch-list',
        'menu.metrics',
        'menu.workspace-edit',
        'menu.tenant-edit',
        'menu.licensing',
        'menu.help-center',
      ]),
    );
  });

  it('leaves out a screen whose call the server does not implement', async () => {
    server.use(
      http.get(`${API}/v1/Server/Capabilities`, () =>
        HttpResponse.json({
          operations: implementedOperations.filter(
            (id) => id !== 'SdBatch_GetWithPagination' && id !== 'User_GetMetrics',
          ),
        }),
      ),
    );
    renderApp({ abilities: allScreens });
    await waitFor(() =>
      expect(menuIds()).toEqual([
        'menu.home',
        'menu.task-list',
        'menu.workspace-edit',
        'menu.tenant-edit',
        'menu.licensing',
        'menu.help-center',
      ]),
    );
  });

  it('navigates and marks the current screen', async () => {
    const { router } = renderApp({ abilities: allScreens, language: 'en' });
    await userEvent.click(await screen.findByTestId('menu.task-list'));
    expect(router.state.location.pathname).toBe('/task/list');
    expect(screen.getByTestId('menu.task-list').getAttribute('aria-current')).toBe('page');
  });

  it('collapses, keeping the labels for assistive technology, and remembers it per user', async () => {
    renderApp({ abilities: allScreens, language: 'en' });
    const toggle = await screen.findByTestId('menu.toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('menu').dataset.expanded).toBe('false');
    expect(within(screen.getByTestId('menu')).getByRole('link', { name: 'Tasks' })).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem(preferencesKey('demo-subject')) ?? '{}');
    expect(stored.menuExpanded).toBe(false);
  });

  it('starts collapsed when the user collapsed it last time', async () => {
    localStorage.setItem(preferencesKey('demo-subject'), JSON.stringify({ menuExpanded: false }));
    renderApp({ abilities: allScreens });
    expect((await screen.findByTestId('menu')).dataset.expanded).toBe('false');
  });
});
