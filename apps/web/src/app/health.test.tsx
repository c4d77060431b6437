import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/app';
import { API, server } from '../test/server';

const WARNING = 'The service is not responding as expected. Some features may be unavailable.';
const health = (answer: () => Response) => server.use(http.get(`${API}/v1.0/HealthCheck`, answer));
const warning = () => screen.queryByText(WARNING);

describe('the health check at start (spec §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('warns for 7 seconds when the answer is false', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    health(() => HttpResponse.json(false));
    renderApp({ language: 'en', status: 'signed-out', path: '/authentication/logged-out' });
    await waitFor(() => expect(warning()).not.toBeNull());
    await vi.advanceTimersByTimeAsync(6_500);
    expect(warning()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(warning()).toBeNull());
  });

  it.each([500, 502, 501])('warns when the call fails with %i', async (status) => {
    health(() => HttpResponse.json({}, { status }));
    renderApp({ language: 'en', status: 'signed-out', path: '/authentication/logged-out' });
    await waitFor(() => expect(warning()).not.toBeNull());
  });

  it('warns when no answer comes at all', async () => {
    health(() => HttpResponse.error());
    renderApp({ language: 'en', status: 'signed-out', path: '/authentication/logged-out' });
    await waitFor(() => expect(warning()).not.toBeNull());
  });

  it.each([401, 403])('stays quiet on %i', async (status) => {
    let asked = false;
    health(() => {
      asked = true;
      return HttpResponse.json({}, { status });
    });
    renderApp({ language: 'en', status: 'signed-out', path: '/authentication/logged-out' });
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warning()).toBeNull();
  });

  it('stays quiet when the server is healthy', async () => {
    renderApp({ language: 'en', abilities: ['Home.View'] });
    await screen.findByTestId('home.welcome');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warning()).toBeNull();
  });
});
