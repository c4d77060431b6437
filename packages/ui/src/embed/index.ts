/** `@reviewdesk/ui/embed`: mounting Reviewdesk components in any page (see create-embed.ts). */

export { createEventHub, type EventHub } from '../utils/event-hub.js';
export {
  createEmbed,
  type EmbedDefinition,
  type EmbedHandle,
  type EmbedProviderProps,
  relay,
  splitProviderOptions,
} from './create-embed.js';
export { type EmbedConnection, mountClient } from './mount-client.js';
