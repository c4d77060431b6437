/**
 * A modal dialog on @floating-ui/react: focus moves in and is trapped while open, Escape and
 * an outside click close it, and focus returns to the element that opened it.
 *
 * Focus starts on the first control after the close button — a form's first field, a
 * confirmation's Cancel (footers put the safe choice first) — or on the dialog itself when it has
 * none. Not on the close button: a screen reader then says only "Close, button", and the keyboard
 * starts on the one control nobody opened the dialog for.
 *
 * The page outside is hidden from assistive technology (aria-hidden) only once the focus has been
 * inside for a moment. floating-ui hides it as the dialog mounts, a frame before the focus moves
 * in; the element that had the focus, and the tree around it, then leave the accessibility tree
 * while a screen reader is still working out what the focus moved from. Orca then finds no
 * common ancestor and says only the field ("Name entry") — neither the dialog's role nor its
 * title. With the outside still there when the focus moves, it says "Rename speaker dialog,
 * Name entry". The first key pressed inside hides the outside at once, so Tab is trapped from the
 * first key on.
 */
import {
  FloatingFocusManager,
  FloatingOverlay,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useUiTranslation } from '../../i18n/useTranslation';
import { Portal } from '../../overlay/Portal';
import { cx } from '../../utils/cx';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is shown (controlled by the host). */
  open: boolean;
  /** Called with `false` on Escape, outside click or the close button. */
  onOpenChange: (open: boolean) => void;
  /** Heading; also the dialog's accessible name. */
  title: ReactNode;
  /** Optional text under the heading, announced as the description. */
  description?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  children?: ReactNode;
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Close on a click outside the panel. @default true */
  closeOnOutsidePress?: boolean;
  className?: string;
}

/**
 * A modal dialog.
 * @example
 * <Dialog open={open} onOpenChange={setOpen} title="Delete task?" footer={<Button onClick={del}>Delete</Button>}>
 *   This cannot be undone.
 * </Dialog>
 */
export function Dialog(props: DialogProps) {
  // A panel per opening: each starts with the outside in the accessibility tree.
  return props.open ? <DialogPanel {...props} /> : null;
}

/**
 * How long the focus is inside before the outside is hidden: longer than a screen reader takes to
 * handle the focus change (Orca took 40–70 ms in a virtual display; it missed the title with the
 * outside hidden 16 or 33 ms after the focus, never at 500 ms).
 */
export const OUTSIDE_HIDDEN_AFTER_MS = 500;

function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  footer,
  children,
  size = 'md',
  closeOnOutsidePress = true,
  className,
}: DialogProps) {
  const { t } = useUiTranslation();
  // `modal` of the focus manager: false until the focus has been inside a moment (see the top).
  const [outsideHidden, setOutsideHidden] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  const titleId = useId();
  const descriptionId = useId();
  const { refs, context } = useFloating({ open, onOpenChange });
  const dismiss = useDismiss(context, { outsidePress: closeOnOutsidePress, outsidePressEvent: 'mousedown' });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);

  return (
    // Not the portal's tab order: while the dialog is not yet modal (see the top), floating-ui
    // would otherwise `aria-owns` the portal into the place of the dialog's element, moving it
    // in the accessibility tree as the focus arrives, and then back once it is modal; Orca took
    // the caret move that came with it for where the focus was, inside the dialog, and said the
    // export dialog's "Format" without the dialog.
    <Portal preserveTabOrder={false}>
      <FloatingOverlay className="rd-dialog__overlay" lockScroll>
        <FloatingFocusManager
          context={context}
          initialFocus={1}
          returnFocus
          modal={outsideHidden}
          closeOnFocusOut={false}
        >
          <div
            ref={refs.setFloating}
            className={cx('rd-dialog', `rd-dialog--${size}`, className)}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            {...getFloatingProps({
              onFocus: () => {
                if (outsideHidden || hideTimer.current !== undefined) return;
                hideTimer.current = setTimeout(() => setOutsideHidden(true), OUTSIDE_HIDDEN_AFTER_MS);
              },
              // Synchronously, so that this key's Tab already meets the focus trap's guards.
              onKeyDown: () => {
                if (!outsideHidden) flushSync(() => setOutsideHidden(true));
              },
            })}
          >
            <div className="rd-dialog__header">
              <h2 id={titleId} className="rd-dialog__title">
                {title}
              </h2>
              <button
                type="button"
                className="rd-dialog__close rd-focusable"
                aria-label={t('common.close')}
                onClick={() => onOpenChange(false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            {description ? (
              <p id={descriptionId} className="rd-dialog__description">
                {description}
              </p>
            ) : null}
            {children ? <div className="rd-dialog__body">{children}</div> : null}
            {footer ? <div className="rd-dialog__footer">{footer}</div> : null}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </Portal>
  );
}
