import { createApiClient } from '@reviewdesk/api-client';
import { createReviewdeskI18n, ReviewdeskProvider } from '@reviewdesk/ui';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EDITOR_NAMESPACE } from './resources.js';
import { useEditorStrings } from './useEditorStrings.js';
import { useEditorTranslation } from './useEditorTranslation.js';

const client = createApiClient({ baseUrl: 'https://api.reviewdesk.test', getAccessToken: () => 't' });

function Probe() {
  const ready = useEditorStrings();
  const { t } = useEditorTranslation();
  return <p data-testid="probe">{ready ? t('toolbar.finish') : 'waiting'}</p>;
}

const withLocale = (locale: string, i18n = createReviewdeskI18n({ language: locale })) => (
  <ReviewdeskProvider client={client} locale={locale} i18n={i18n} preferencesStorage={null}>
    <Probe />
  </ReviewdeskProvider>
);

describe("the editor's strings, one language at a time", () => {
  it('English at once; another language once it has loaded, and again when the host switches', async () => {
    const i18n = createReviewdeskI18n({ language: 'en' });
    const { rerender } = render(withLocale('en', i18n));
    expect(screen.getByTestId('probe').textContent).toBe('Finish review');
    expect(i18n.hasResourceBundle('de', EDITOR_NAMESPACE)).toBe(false);

    rerender(withLocale('de', i18n));
    expect(await screen.findByText('Prüfung abschließen')).toBeTruthy();
    rerender(withLocale('fr', i18n));
    expect(await screen.findByText('Terminer la révision')).toBeTruthy();
    expect(i18n.hasResourceBundle('es', EDITOR_NAMESPACE)).toBe(false);
  });

  it("waits for the language rather than showing English, and keeps a host's own wording", async () => {
    const i18n = createReviewdeskI18n({ language: 'es' });
    i18n.addResourceBundle('es', EDITOR_NAMESPACE, { toolbar: { finish: 'Listo' } });
    render(withLocale('es', i18n));
    expect(screen.getByTestId('probe').textContent).toBe('waiting');
    expect(await screen.findByText('Listo')).toBeTruthy();
    expect(i18n.getResource('es', EDITOR_NAMESPACE, 'toolbar.undo')).toBe('Deshacer');
  });
});
