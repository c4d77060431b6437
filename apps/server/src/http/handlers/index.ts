// Every implemented operation, keyed by operationId. Anything the contract has and this map lacks
// answers 501 and shows in `pnpm run coverage`.
import type { HandlerMap } from '../handler.js';
import { healthHandlers } from './health.js';
import { tenantHandlers } from './tenant.js';
import { userHandlers } from './user.js';

export const handlers: HandlerMap = { ...healthHandlers, ...userHandlers, ...tenantHandlers };
