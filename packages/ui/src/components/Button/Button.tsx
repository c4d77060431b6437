import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../utils/cx';

/** Props of {@link Button}: a native button plus variant, size and busy state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'secondary' */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** @default 'md' */
  size?: 'sm' | 'md';
  /** Shows a spinner, sets `aria-busy` and ignores clicks while keeping focus in place. */
  loading?: boolean;
  /** Icon before the label. */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A native `<button>` in our skin. Defaults to `type="button"` so it never submits a host form
 * by accident.
 * @example
 * <Button variant="primary" onClick={save}>Save</Button>
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx('rd-button', `rd-button--${variant}`, `rd-button--${size}`, 'rd-focusable', className)}
      aria-busy={loading || undefined}
      // aria-disabled instead of disabled while loading: the button stays focusable.
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading ? <span className="rd-spinner rd-spinner--sm" aria-hidden="true" /> : icon}
      {children ? <span className="rd-button__label">{children}</span> : null}
    </button>
  );
}
