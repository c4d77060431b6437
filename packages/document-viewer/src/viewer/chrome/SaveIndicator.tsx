/** The save state, always visible: saved / saving / unsaved / failed / conflict, as every editor shows it. */
import { SaveStateBadge } from '@reviewdesk/ui/review-session';
import { useSession } from '../context.js';

export function SaveIndicator() {
  const state = useSession((s) => s.saveState);
  return <SaveStateBadge state={state} />;
}
