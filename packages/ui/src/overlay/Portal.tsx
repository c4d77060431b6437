import { FloatingPortal } from '@floating-ui/react';
import type { ReactNode } from 'react';
import { useReviewdesk } from '../provider/context';

/**
 * Renders into the provider's portal container, which carries `.rd-root` and the theme class
 * so floating content keeps our variables. Renders nothing until that container exists:
 * FloatingPortal would otherwise fall back to document.body, outside our scope.
 */
export function Portal({ children }: { children: ReactNode }) {
  const { portalContainer } = useReviewdesk();
  if (!portalContainer) return null;
  return <FloatingPortal root={portalContainer}>{children}</FloatingPortal>;
}
