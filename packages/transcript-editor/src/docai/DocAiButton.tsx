/**
 * The toolbar's DocAI button: offered to people with Task.AccessChatbot when the server says DocAI
 * may be asked (Chatbot_IsConfigured, asked once and shared with the host's other editors); it
 * opens and closes the DocAI panel.
 */
import { Button, useCan } from '@reviewdesk/ui';
import { useDocAiConfigured, useDocAiTranslation } from '@reviewdesk/ui/docai';
import { useEditor, usePanels } from '../editor/context.js';

export const DOCAI_BUTTON_TEST_ID = 'toolbar.docai';

export function DocAiButton() {
  const { t } = useDocAiTranslation();
  const allowed = useCan()('Task.AccessChatbot');
  const configured = useDocAiConfigured(allowed);
  const { panels } = useEditor();
  const open = usePanels((p) => p.docai);
  if (!allowed || configured.data !== true) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-expanded={open}
      onClick={() => panels.setState({ docai: !open })}
      data-testid={DOCAI_BUTTON_TEST_ID}
    >
      {t('title')}
    </Button>
  );
}
