// Server/Capabilities: which operations of the contract this server implements, so a client hides
// what would only answer 501; which speech engines can run here (an engine without its model or
// service says so); and which translation directions the engine offers, so a client lists only
// languages it can have. The answer is the handler map and the engines themselves, never a
// hand-kept list.
import { speechEngineStates } from '../../pipeline/stages/recognizers.js';
import type { LanguagePair } from '../../translation/index.js';
import { translatorFor } from '../../translation/index.js';
import { defineHandlers, signedIn } from '../handler.js';

export const capabilitiesHandlers = defineHandlers({
  Server_GetCapabilities: signedIn(async ({ services, request }) => {
    // Imported when called: handlers/index.ts registers this file, so a static import would be a cycle.
    const { handlers } = await import('./index.js');
    let translationPairs: LanguagePair[] = [];
    try {
      translationPairs = await translatorFor(services.config).pairs();
    } catch (error) {
      // No engine here (or its service is down): nothing is offered, and the rest still answers.
      request.log.warn({ err: error }, 'translation pairs unavailable');
    }
    return {
      operations: Object.keys(handlers).sort(),
      speechEngines: speechEngineStates(),
      translationPairs: translationPairs.map(({ from, to }) => ({ from, to })),
    };
  }),
});
