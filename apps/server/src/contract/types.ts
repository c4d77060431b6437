// Short names for the generated contract types, so domain and http code say `Schema<'Task'>`
// instead of repeating the generated path. Nothing here is written by hand beyond the aliases.
import type { components, operations } from './generated/schema.js';

/** An entity of the contract (components.schemas). */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

/** Every operationId of the contract. */
export type OperationId = keyof operations;
