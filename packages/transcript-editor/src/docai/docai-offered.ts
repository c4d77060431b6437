/**
 * Whether the toolbar offers DocAI: to people with Task.AccessChatbot when the server says DocAI
 * may be asked (Chatbot_IsConfigured, asked once and shared with the host's other editors). The
 * toolbar's entry opens and closes the DocAI panel.
 */
import { useCan } from '@reviewdesk/ui';
import { useDocAiConfigured } from '@reviewdesk/ui/docai';

export const DOCAI_BUTTON_TEST_ID = 'toolbar.docai';

export function useDocAiOffered(): boolean {
  const allowed = useCan()('Task.AccessChatbot');
  const configured = useDocAiConfigured(allowed);
  return allowed && configured.data === true;
}
