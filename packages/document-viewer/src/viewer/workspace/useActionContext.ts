/** The context the viewer's actions take (actions.ts), stable while the viewer's parts are. */
import { useMemo } from 'react';
import type { ActionContext } from '../actions.js';
import { useViewer } from '../context.js';

export function useActionContext(): ActionContext {
  const { session, ui, pages, root, autoscroll } = useViewer();
  return useMemo<ActionContext>(
    () => ({ session, ui, pages, root, autoscroll }),
    [session, ui, pages, root, autoscroll],
  );
}
