// Server/Capabilities: which operations of the contract this server implements, so a client hides
// what would only answer 501, and which speech engines can run here (an engine without its model
// or service says so). The answer is the handler map and the engines themselves, never a
// hand-kept list.
import { speechEngineStates } from '../../pipeline/stages/recognizers.js';
import { defineHandlers, signedIn } from '../handler.js';

export const capabilitiesHandlers = defineHandlers({
  Server_GetCapabilities: signedIn(async () => {
    // Imported when called: handlers/index.ts registers this file, so a static import would be a cycle.
    const { handlers } = await import('./index.js');
    return { operations: Object.keys(handlers).sort(), speechEngines: speechEngineStates() };
  }),
});
