/** Where the DocAI panel opens in the editor; its code is fetched the first time it is opened. */
import { lazy, Suspense } from 'react';
import { usePanels } from '../editor/context.js';

const DocAiPanel = lazy(() => import('./DocAiPanel.js').then((module) => ({ default: module.DocAiPanel })));

export function DocAiSlot() {
  const open = usePanels((p) => p.docai);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DocAiPanel />
    </Suspense>
  );
}
