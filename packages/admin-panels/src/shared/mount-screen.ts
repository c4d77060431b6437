// How every screen of the package is mounted from an /embed entry: its own provider from the
// options' provider settings, the screen's props from the rest, and the callbacks every screen takes
// (onSaved, onNavigate, onError) relayed to the handle's events. A screen with events of its own
// relays those in `moreEvents`.
import { createEmbed, type EmbedProviderProps, type EventHub, relay, splitProviderOptions } from '@reviewdesk/ui/embed';
import { type ComponentType, createElement } from 'react';
import type { AdminPanelsEventMap, AdminPanelsEventProps } from '../events';
import type { AdminPanelHandle } from '../handle';

export function mountScreen<Props extends AdminPanelsEventProps, Options extends EmbedProviderProps & Props>(
  element: HTMLElement,
  options: Options,
  name: string,
  screen: ComponentType<Props>,
  moreEvents?: (current: Options, events: EventHub<AdminPanelsEventMap>) => Partial<Props>,
): AdminPanelHandle<Options> {
  return createEmbed<Options, AdminPanelsEventMap>(element, options, {
    name,
    provider: (current) => splitProviderOptions(current).provider,
    render: (current, events) =>
      createElement(screen, {
        ...(splitProviderOptions(current).rest as unknown as Props),
        onSaved: relay(current.onSaved, events, 'saved'),
        onNavigate: relay(current.onNavigate, events, 'navigate'),
        onError: relay(current.onError, events, 'error'),
        ...moreEvents?.(current, events),
      }),
  });
}
