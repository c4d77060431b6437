import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAppI18n } from '../app/i18n';
import { server } from '../test/server';
import { createDeploymentTranslationsLoader, deploymentTranslationsUrl } from './deployment-translations';

const ORIGIN = 'http://reviewdesk.test';
const t = (i18n: ReturnType<typeof createAppI18n>, key: string, lng: string) => i18n.t(key, { ns: 'web', lng });

describe('deployment translations', () => {
  it('are served at /assets/data/locales/{lng}/translations.json', () => {
    expect(deploymentTranslationsUrl('de')).toBe('/assets/data/locales/de/translations.json');
    expect(deploymentTranslationsUrl('de', '/app/')).toBe('/app/assets/data/locales/de/translations.json');
  });

  it('win over the bundled texts, and are fetched once per language', async () => {
    const seen = vi.fn();
    server.use(
      http.get(`${ORIGIN}/assets/data/locales/:lng/translations.json`, ({ params }) => {
        seen(params.lng);
        return HttpResponse.json({ app: { name: `Acme Review (${params.lng})` } });
      }),
    );
    const i18n = createAppI18n('pt');
    const load = createDeploymentTranslationsLoader(i18n, { base: ORIGIN });
    await load('pt');
    await load('pt');
    expect(seen).toHaveBeenCalledTimes(1);
    expect(t(i18n, 'app.name', 'pt')).toBe('Acme Review (pt)');
    expect(t(i18n, 'menu.home', 'pt')).toBe('Início');
  });

  it('leave the bundled texts alone when the file is missing or broken', async () => {
    server.use(
      http.get(`${ORIGIN}/assets/data/locales/en/translations.json`, () => new HttpResponse(null, { status: 404 })),
      http.get(`${ORIGIN}/assets/data/locales/fr/translations.json`, () => HttpResponse.text('{not json')),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = createAppI18n('en');
    const load = createDeploymentTranslationsLoader(i18n, { base: ORIGIN });
    await load('en');
    await load('fr');
    expect(t(i18n, 'app.name', 'en')).toBe('Reviewdesk');
    expect(t(i18n, 'menu.home', 'fr')).toBe('Accueil');
  });
});
