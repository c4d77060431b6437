import { FloatingPortal } from '@floating-ui/react';
import type { ReactNode } from 'react';
import { useReviewdesk } from '../provider/context';

/**
 * Renders into the provider's portal container, which carries `.rd-root` and the theme class
 * so floating content keeps our variables. Renders nothing until that container exists:
 * FloatingPortal would otherwise fall back to document.body, outside our scope.
 */
export function Portal({
  children,
  preserveTabOrder = true,
}: {
  children: ReactNode;
  /**
   * Tab from the floating content goes on to what follows its reference, as if it sat there:
   * floating-ui puts focus guards and an `aria-owns` to the portal where the reference is, while
   * the content is not modal. A modal dialog keeps the Tab inside and leaves it off.
   * @default true
   */
  preserveTabOrder?: boolean;
}) {
  const { portalContainer } = useReviewdesk();
  if (!portalContainer) return null;
  return (
    <FloatingPortal root={portalContainer} preserveTabOrder={preserveTabOrder}>
      {children}
    </FloatingPortal>
  );
}
