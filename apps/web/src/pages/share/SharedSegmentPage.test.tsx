import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/app';
import { API, server } from '../../test/server';

const KEY = 'k'.repeat(32);
const url = `${API}/v1/SdTaskShare/Public/${KEY}`;
const segment = (more: Record<string, unknown> = {}) => ({
  shareStatus: 30,
  taskName: 'JFK inaugural',
  shareDescription: 'The famous sentence',
  language: 'en',
  durationSeconds: 3,
  isVideo: false,
  expiresOn: '2026-12-24T10:00:00Z',
  mediaUrl: 'http://localhost/files/signed/abc.def',
  words: [
    { text: 'ask', start: 0, end: 0.5, speakerName: 'JFK' },
    { text: 'not', start: 0.5, end: 1, speakerName: 'JFK' },
  ],
  ...more,
});

describe('/share/segment/:accessKey', () => {
  it('plays the segment with its words for someone who is not signed in', async () => {
    server.use(http.get(url, () => HttpResponse.json(segment())));
    renderApp({ path: `/share/segment/${KEY}`, status: 'signed-out', language: 'en' });
    const page = await screen.findByTestId('shared-segment');
    expect(page.textContent).toContain('JFK inaugural');
    expect(page.textContent).toContain('The famous sentence');
    expect(screen.getByTestId('shared-segment.media').tagName).toBe('AUDIO');
    expect(screen.getByTestId('shared-segment.media').getAttribute('src')).toBe(segment().mediaUrl);
    expect(screen.getByTestId('shared-segment.words').textContent).toBe('ask not ');
  });

  it('speaks the language it was shared in, whatever the app last used', async () => {
    server.use(http.get(url, () => HttpResponse.json(segment({ language: 'de' }))));
    renderApp({ path: `/share/segment/${KEY}`, status: 'signed-out', language: 'pt' });
    const page = await screen.findByTestId('shared-segment');
    expect(page.getAttribute('lang')).toBe('de');
    expect(page.textContent).toContain('Verfügbar bis 24. Dezember 2026');
  });

  it('says clearly that an expired share is gone', async () => {
    server.use(http.get(url, () => HttpResponse.json({ status: 410, message: 'gone', errors: [] }, { status: 410 })));
    renderApp({ path: `/share/segment/${KEY}`, status: 'signed-out', language: 'de' });
    const gone = await screen.findByTestId('shared-segment.gone');
    expect(gone.textContent).toContain('Dieser geteilte Ausschnitt ist abgelaufen');
  });

  it('waits while the segment is prepared, then plays it', async () => {
    let calls = 0;
    server.use(
      http.get(url, () => {
        calls++;
        return HttpResponse.json(calls === 1 ? segment({ shareStatus: 10, mediaUrl: null, words: [] }) : segment());
      }),
    );
    renderApp({ path: `/share/segment/${KEY}`, status: 'signed-out', language: 'pt' });
    expect(await screen.findByTestId('shared-segment.preparing')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('shared-segment')).toBeTruthy(), { timeout: 8000 });
  }, 15_000);

  it('tells an unknown link from a failed rendering', async () => {
    server.use(http.get(url, () => HttpResponse.json({ status: 404, message: 'no', errors: [] }, { status: 404 })));
    const first = renderApp({ path: `/share/segment/${KEY}`, status: 'signed-out', language: 'fr' });
    expect((await screen.findByTestId('shared-segment.unknown')).textContent).toContain('Ce lien ne mène nulle part');
    first.unmount();
    server.use(http.get(url, () => HttpResponse.json(segment({ shareStatus: 20, mediaUrl: null, language: 'es' }))));
    renderApp({ path: `/share/segment/${KEY}`, status: 'signed-out', language: 'es' });
    expect((await screen.findByTestId('shared-segment.failed')).textContent).toContain(
      'No se ha podido preparar el fragmento',
    );
  });
});
