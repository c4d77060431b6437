import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../components/Dialog/Dialog';
import { useUiTranslation } from '../i18n/useTranslation';
import { fakeClient, renderWithProvider } from '../test/render';
import { useReviewdesk } from './context';
import { useCan, usePreferences } from './hooks';
import { ReviewdeskProvider } from './ReviewdeskProvider';

function Probe({ name }: { name: string }) {
  const { t, culture } = useUiTranslation();
  const can = useCan();
  const autosave = usePreferences((p) => p.autosave);
  const setPreferences = usePreferences((p) => p.setPreferences);
  return (
    <div data-testid={name}>
      <span data-testid="close">{t('common.close')}</span>
      <span data-testid="culture">{culture}</span>
      <span data-testid="can">{String(can('Task.Delete'))}</span>
      <button type="button" onClick={() => setPreferences({ autosave: !autosave })}>
        autosave {String(autosave)}
      </button>
    </div>
  );
}

function Lost() {
  useReviewdesk();
  return null;
}

describe('ReviewdeskProvider', () => {
  it('renders the .rd-root element with the theme class and language', () => {
    const { container } = renderWithProvider(<Probe name="a" />, { theme: 'dark', locale: 'en' });
    const root = container.firstElementChild as HTMLElement;
    expect(root.classList).toContain('rd-root');
    expect(root.classList).toContain('rd-theme-dark');
    expect(root.lang).toBe('en-US');
  });

  it('starts in Portuguese', () => {
    renderWithProvider(<Probe name="a" />);
    expect(screen.getByTestId('close').textContent).toBe('Fechar');
    expect(screen.getByTestId('culture').textContent).toBe('pt-PT');
  });

  it('keeps two providers on one page apart', async () => {
    render(
      <>
        <ReviewdeskProvider
          client={fakeClient}
          locale="de"
          theme="dark"
          abilities={[{ subject: 'Task', action: 'Delete' }]}
          preferencesStorage={null}
        >
          <Probe name="one" />
        </ReviewdeskProvider>
        <ReviewdeskProvider
          client={fakeClient}
          locale="es"
          abilities={[{ subject: 'Task', action: 'Delete' }]}
          abilityBlacklist={[{ subject: 'Task', action: 'Delete' }]}
          preferencesStorage={null}
        >
          <Probe name="two" />
        </ReviewdeskProvider>
      </>,
    );
    const one = within(screen.getByTestId('one'));
    const two = within(screen.getByTestId('two'));
    expect(one.getByTestId('close').textContent).toBe('Schließen');
    expect(two.getByTestId('close').textContent).toBe('Cerrar');
    expect(one.getByTestId('can').textContent).toBe('true');
    expect(two.getByTestId('can').textContent).toBe('false');

    one.getByRole('button').click();
    expect(await one.findByText('autosave false')).toBeTruthy();
    expect(two.getByText('autosave true')).toBeTruthy();

    const roots = document.querySelectorAll('.rd-root:not(.rd-portal-host)');
    expect([...roots].map((r) => r.className)).toEqual(['rd-root rd-theme-dark', 'rd-root rd-theme-light']);
  });

  it('follows a locale change from the host', () => {
    const { rerender } = renderWithProvider(<Probe name="a" />, { locale: 'en' });
    expect(screen.getByTestId('close').textContent).toBe('Close');
    rerender(
      <ReviewdeskProvider client={fakeClient} locale="fr" preferencesStorage={null}>
        <Probe name="a" />
      </ReviewdeskProvider>,
    );
    expect(screen.getByTestId('close').textContent).toBe('Fermer');
  });

  it('uses the stored skin unless the host sets the theme', () => {
    const storage = new Map<string, string>([['reviewdesk:preferences:ana', JSON.stringify({ skin: 'dark' })]]);
    const prefs = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    };
    const { container } = renderWithProvider(<Probe name="a" />, { userId: 'ana', preferencesStorage: prefs });
    expect((container.firstElementChild as HTMLElement).classList).toContain('rd-theme-dark');
  });

  it('renders portals inside a container carrying .rd-root and the theme class', async () => {
    renderWithProvider(
      <Dialog open onOpenChange={() => {}} title="Hello">
        body
      </Dialog>,
      { theme: 'dark' },
    );
    const dialog = await screen.findByRole('dialog');
    const host = dialog.closest('.rd-portal-host');
    expect(host?.classList).toContain('rd-root');
    expect(host?.classList).toContain('rd-theme-dark');
  });

  it('throws a helpful error outside a provider', () => {
    expect(() => render(<Lost />)).toThrow(/inside <ReviewdeskProvider>/);
  });
});
