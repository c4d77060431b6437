/**
 * A modal dialog on @floating-ui/react: focus moves in and is trapped while open, Escape and
 * an outside click close it, and focus returns to the element that opened it.
 *
 * Focus starts on the first control after the close button — a form's first field, a
 * confirmation's Cancel (footers put the safe choice first) — or on the dialog itself when it has
 * none. Not on the close button: a screen reader then says only "Close, button", and the keyboard
 * starts on the one control nobody opened the dialog for.
 */
import {
  FloatingFocusManager,
  FloatingOverlay,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, useId } from 'react';
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
export function Dialog({
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
  const titleId = useId();
  const descriptionId = useId();
  const { refs, context } = useFloating({ open, onOpenChange });
  const dismiss = useDismiss(context, { outsidePress: closeOnOutsidePress, outsidePressEvent: 'mousedown' });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);

  if (!open) return null;
  return (
    <Portal>
      <FloatingOverlay className="rd-dialog__overlay" lockScroll>
        <FloatingFocusManager context={context} initialFocus={1} returnFocus>
          <div
            ref={refs.setFloating}
            className={cx('rd-dialog', `rd-dialog--${size}`, className)}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={description ? descriptionId : undefined}
            {...getFloatingProps()}
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
