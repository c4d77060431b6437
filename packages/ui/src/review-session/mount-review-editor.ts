/**
 * Mounting a review editor (the document viewer, the transcript editor) in any page: the options
 * a host gives every editor (how to reach the API, language, skin, abilities), the review events
 * every editor raises, and the mount itself on `createEmbed`. The editor's package names its mount
 * and gives its component; events only it raises are relayed by `extraProps`.
 */
import { type ComponentType, createElement } from 'react';
import type { Ability } from '../abilities/can.js';
import { createEmbed, type EmbedHandle, relay } from '../embed/create-embed.js';
import { type EmbedConnection, mountClient } from '../embed/mount-client.js';
import type { Skin } from '../preferences/defaults.js';
import type { EventHub } from '../utils/event-hub.js';
import type { SaveState } from './autosave.js';
import type { CheckoutLostReason } from './checkout-lease.js';
import type { FinishReviewResult } from './finish.js';

/** Events every mounted review editor raises, and their payloads. */
export interface ReviewEditorEvents<E> {
  saveStateChange: SaveState;
  finishReview: FinishReviewResult;
  cancelReview: { taskId: string };
  checkoutLost: { reason: CheckoutLostReason; taskId: string };
  error: E;
  openTask: { taskId: string };
}

/** The props of a review editor that a mount relays as events. */
export interface ReviewEditorHostProps<E> {
  userId?: string | null;
  onSaveStateChange?: (state: SaveState) => void;
  onFinishReview?: (result: FinishReviewResult) => void;
  onCancelReview?: (info: { taskId: string }) => void;
  onCheckoutLost?: (info: { reason: CheckoutLostReason; taskId: string }) => void;
  onError?: (error: E) => void;
  onOpenTask?: (taskId: string) => void;
}

/** What a host gives every mounted review editor besides its props. */
export interface MountReviewEditorOptions extends EmbedConnection {
  /** Interface language: pt (default), en, de, fr, es. */
  locale?: string;
  /** Skin; when omitted the user's stored preference applies (light by default). */
  theme?: Skin;
  /** Abilities of the user (`User/GetUserAuthDetails`). @default [] */
  abilities?: readonly Ability[];
}

export interface ReviewEditorMount<Props, Events extends object> {
  /** The mount's name in error messages, e.g. `mountDocumentViewer`. */
  name: string;
  component: ComponentType<Props>;
  /** Class of the provider's root, which fills the host element so the editor's height is the element's. */
  hostClassName: string;
  /** Props relaying the events only this editor raises. */
  extraProps?: (props: Props, events: EventHub<Events>) => Partial<Props>;
}

/** Mounts a review editor in `element`; see the editors' own `mount…` functions. */
export function mountReviewEditor<E, Props extends ReviewEditorHostProps<E>, Events extends ReviewEditorEvents<E>>(
  element: HTMLElement,
  initial: Props & MountReviewEditorOptions,
  mount: ReviewEditorMount<Props, Events>,
): EmbedHandle<Props & MountReviewEditorOptions, Events> {
  const clientOf = mountClient(mount.name);
  return createEmbed<Props & MountReviewEditorOptions, Events>(element, initial, {
    name: mount.name,
    validate: clientOf,
    provider: (options) => ({
      client: clientOf(options),
      locale: options.locale,
      theme: options.theme,
      abilities: options.abilities,
      userId: options.userId ?? null,
      className: mount.hostClassName,
    }),
    render: (options, events) => {
      const { client: _client, baseUrl, getAccessToken, locale, theme, abilities, ...rest } = options;
      const props = rest as unknown as Props;
      // The hub's events include the review events; relay knows them by name.
      const hub = events as unknown as EventHub<ReviewEditorEvents<E>>;
      const editorProps: Props = {
        ...props,
        onSaveStateChange: relay(props.onSaveStateChange, hub, 'saveStateChange'),
        onFinishReview: relay(props.onFinishReview, hub, 'finishReview'),
        onCancelReview: relay(props.onCancelReview, hub, 'cancelReview'),
        onCheckoutLost: relay(props.onCheckoutLost, hub, 'checkoutLost'),
        onError: relay(props.onError, hub, 'error'),
        // Only when someone listens does the host take over opening tasks; otherwise the editor does.
        onOpenTask:
          props.onOpenTask || hub.has('openTask')
            ? (taskId: string) => {
                props.onOpenTask?.(taskId);
                hub.emit('openTask', { taskId });
              }
            : undefined,
        ...mount.extraProps?.(props, events),
      };
      return createElement(mount.component, editorProps);
    },
  });
}
