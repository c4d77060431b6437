/**
 * `createEmbed`: the one way a Reviewdesk component is mounted in any host page, React or not
 * (`mountTaskList`, `mountDocumentViewer`, the transcript editor next). Each mount gets its own
 * React root, its own `<ReviewdeskProvider>` (client, i18n, queries, stores) and its own event hub;
 * nothing is shared between mounts. The package describes how its options split into provider
 * settings and the component's element; this module owns the lifecycle: `update` merges new
 * options and re-renders, `on` subscribes, `destroy` unmounts and drops every handler.
 */
import { createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ReviewdeskProvider, type ReviewdeskProviderProps } from '../provider/ReviewdeskProvider.js';
import { createEventHub, type EventHub } from '../utils/event-hub.js';

/** Provider settings of a mount (everything but the children). */
export type EmbedProviderProps = Omit<ReviewdeskProviderProps, 'children'>;

/** What a package tells {@link createEmbed} about its component. */
export interface EmbedDefinition<Options extends object, Events extends object> {
  /** Name used in error messages, e.g. `mountDocumentViewer`. */
  name: string;
  /** Checks the options before the first render and on every update; throw a TypeError to refuse them. */
  validate?: (options: Options) => void;
  /** The provider's settings for these options. */
  provider: (options: Options) => EmbedProviderProps;
  /**
   * The component for these options; raise events with `events.emit` (and ask `events.has` when
   * the component behaves differently while the host listens).
   */
  render: (options: Options, events: EventHub<Events>) => ReactElement;
}

/** The handle of a mount. */
export interface EmbedHandle<Options extends object, Events extends object> {
  /** Merges new options over the current ones and re-renders. */
  update(options: Partial<Options>): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof Events>(event: E, handler: (payload: Events[E]) => void): () => void;
  /** Unmounts the component (its effects clean up, e.g. a review session gives its checkout back). */
  destroy(): void;
}

/** Every setting of the provider a mount's options may carry (the keys of {@link EmbedProviderProps}). */
const PROVIDER_KEYS = [
  'client',
  'queryClient',
  'i18n',
  'locale',
  'theme',
  'auth',
  'abilities',
  'abilityBlacklist',
  'userId',
  'preferencesStorage',
  'portalContainer',
  'className',
] as const satisfies ReadonlyArray<keyof EmbedProviderProps>;

/**
 * Splits a mount's options into the provider's settings and the rest (the component's props), for
 * packages whose options are the provider's settings plus the component's props.
 * @example const { provider, rest } = splitProviderOptions(options);
 */
export function splitProviderOptions<Options extends EmbedProviderProps>(
  options: Options,
): { provider: EmbedProviderProps; rest: Omit<Options, (typeof PROVIDER_KEYS)[number]> } {
  const provider: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if ((PROVIDER_KEYS as readonly string[]).includes(key)) provider[key] = value;
    else rest[key] = value;
  }
  return {
    provider: provider as unknown as EmbedProviderProps,
    rest: rest as Omit<Options, (typeof PROVIDER_KEYS)[number]>,
  };
}

/**
 * Option callback and subscribed handlers both hear an event: `relay(options.onX, events, 'x')`.
 * @example onFinishReview: relay(options.onFinishReview, events, 'finishReview')
 */
export function relay<Events extends object, E extends keyof Events>(
  callback: ((payload: Events[E]) => void) | undefined,
  events: EventHub<Events>,
  event: E,
): (payload: Events[E]) => void {
  return (payload) => {
    callback?.(payload);
    events.emit(event, payload);
  };
}

export function createEmbed<Options extends object, Events extends object>(
  element: HTMLElement,
  initial: Options,
  definition: EmbedDefinition<Options, Events>,
): EmbedHandle<Options, Events> {
  if (!element) throw new TypeError(`${definition.name} needs an element to mount in.`);
  definition.validate?.(initial);
  let options = { ...initial };
  const events = createEventHub<Events>();
  let root: Root | null = createRoot(element);

  const render = () => {
    root?.render(createElement(ReviewdeskProvider, definition.provider(options), definition.render(options, events)));
  };
  render();

  return {
    update(next) {
      if (!root) return;
      const merged = { ...options, ...next };
      definition.validate?.(merged);
      options = merged;
      render();
    },
    on(event, handler) {
      const off = events.on(event, handler);
      // A component may act differently once someone listens (events.has): render it again.
      render();
      return off;
    },
    destroy() {
      if (!root) return;
      root.unmount();
      root = null;
      events.clear();
    },
  };
}
