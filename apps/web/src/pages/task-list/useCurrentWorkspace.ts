/**
 * The workspace the header's switcher shows (layout/useSwitcherWorkspaces), read here so the task
 * and batch screens follow the switcher.
 */
import { useSwitcherWorkspaces } from '../../layout/useSwitcherWorkspaces';

export function useCurrentWorkspace(): { workspaceId: string; loading: boolean } {
  const { selectedId, isPending } = useSwitcherWorkspaces();
  return { workspaceId: selectedId, loading: isPending };
}
