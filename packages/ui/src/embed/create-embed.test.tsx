import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUiTranslation } from '../i18n/useTranslation';
import { fakeClient } from '../test/render';
import { createEmbed, relay, splitProviderOptions } from './create-embed';

interface ProbeOptions {
  label: string;
  locale?: string;
  onPress?: (payload: { label: string }) => void;
}
interface ProbeEvents {
  press: { label: string };
}

function Probe({ label, onPress }: { label: string; onPress: (payload: { label: string }) => void }) {
  const { t } = useUiTranslation();
  return (
    <button type="button" onClick={() => onPress({ label })}>
      {label} {t('common.close')}
    </button>
  );
}

const mount = (element: HTMLElement, options: ProbeOptions) =>
  createEmbed<ProbeOptions, ProbeEvents>(element, options, {
    name: 'mountProbe',
    validate: (o) => {
      if (!o.label) throw new TypeError('mountProbe needs a label.');
    },
    provider: (o) => ({ client: fakeClient, locale: o.locale, preferencesStorage: null }),
    render: (o, events) => <Probe label={o.label} onPress={relay(o.onPress, events, 'press')} />,
  });

describe('createEmbed', () => {
  it('mounts with its own provider, updates, relays events to callbacks and subscribers, and destroys', async () => {
    const first = document.createElement('div');
    const second = document.createElement('div');
    document.body.append(first, second);
    const heard: string[] = [];
    const a = await act(async () =>
      mount(first, { label: 'A', locale: 'en', onPress: (p) => heard.push(`cb ${p.label}`) }),
    );
    const b = await act(async () => mount(second, { label: 'B', locale: 'de' }));
    const off = a.on('press', (p) => heard.push(`on ${p.label}`));
    b.on('press', (p) => heard.push(`other ${p.label}`));

    await act(async () => screen.getByRole('button', { name: 'A Close' }).click());
    expect(heard).toEqual(['cb A', 'on A']);
    expect(screen.getByRole('button', { name: 'B Schließen' })).toBeTruthy();

    off();
    await act(async () => a.update({ label: 'A2' }));
    await act(async () => screen.getByRole('button', { name: 'A2 Close' }).click());
    expect(heard).toEqual(['cb A', 'on A', 'cb A2']);
    expect(() => a.update({ label: '' })).toThrow(/needs a label/);

    await act(async () => a.destroy());
    expect(first.innerHTML).toBe('');
    a.update({ label: 'gone' }); // ignored after destroy
    expect(first.innerHTML).toBe('');
    expect(screen.getByRole('button', { name: 'B Schließen' })).toBeTruthy();
    await act(async () => b.destroy());
    first.remove();
    second.remove();
  });

  it('refuses a missing element and invalid options before mounting', () => {
    expect(() => mount(null as unknown as HTMLElement, { label: 'x' })).toThrow(/needs an element/);
    expect(() => mount(document.createElement('div'), { label: '' })).toThrow(/needs a label/);
  });

  it("splits a mount's options into the provider's settings and the component's props", () => {
    const onOpen = () => undefined;
    const { provider, rest } = splitProviderOptions({
      client: fakeClient,
      locale: 'de',
      theme: 'dark' as const,
      userId: null,
      className: 'host',
      workspaceId: 'ws-1',
      pageSize: 50,
      onOpen,
    });
    expect(provider).toEqual({ client: fakeClient, locale: 'de', theme: 'dark', userId: null, className: 'host' });
    expect(rest).toEqual({ workspaceId: 'ws-1', pageSize: 50, onOpen });
  });
});
