// DocAI (Chatbot: IsConfigured, GetMessage). Thin: the rules are in domain/docai/.
import { askDocAi, isChatbotConfigured } from '../../domain/docai/docai.js';
import { defineHandlers, requires } from '../handler.js';

export const chatbotHandlers = defineHandlers({
  Chatbot_IsConfigured: requires(['Task.AccessChatbot'], () => isChatbotConfigured()),
  Chatbot_GetMessage: requires(['Task.AccessChatbot'], ({ body, session, services }) =>
    askDocAi(services, session, body),
  ),
});
