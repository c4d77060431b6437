/**
 * A small button drawn by a glyph (B, I, U, −, +), the way the document viewer's toolbar draws its
 * icons: the glyph is hidden from assistive technology, the button is named by `label`, and a
 * tooltip (on hover and on keyboard focus) says the name and the keys of its shortcut.
 */
import { Button, type ButtonProps, Tooltip } from '@reviewdesk/ui';
import type { ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label' | 'size' | 'icon'> {
  /** What the button does: its accessible name and the tooltip's text. */
  label: string;
  /** The glyph shown. */
  glyph: ReactNode;
  /** The keys of its shortcut, as `aria-keyshortcuts` names them. */
  keys?: string | undefined;
}

export function IconButton({ label, glyph, keys, className, variant = 'ghost', ...rest }: IconButtonProps) {
  return (
    <Tooltip
      content={
        <>
          {label}
          {/* Read as "Bold, Control+B", not "BoldControl+B": the keys are drawn apart, not spaced. */}
          {keys ? <span className="rd-visually-hidden">, </span> : null}
          {keys ? <kbd className="rd-transcript-icon-button__keys">{keys}</kbd> : null}
        </>
      }
    >
      <Button
        {...rest}
        size="sm"
        variant={variant}
        aria-label={label}
        {...(keys ? { 'aria-keyshortcuts': keys } : {})}
        className={['rd-transcript-icon-button', className].filter(Boolean).join(' ')}
      >
        <span aria-hidden="true">{glyph}</span>
      </Button>
    </Tooltip>
  );
}
