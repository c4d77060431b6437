/**
 * A small button drawn by a glyph (B, I, U, −, +), the way the document viewer's toolbar draws its
 * icons: the glyph is hidden from assistive technology, the button is named by `label`, and a
 * tooltip (on hover and on keyboard focus) shows the name and the keys of its shortcut, and
 * describes the button by the keys alone.
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
          {/* The tooltip describes the button: its name is said already, so only the keys are read
              out ("Bold, push button, Control+B", not "Bold" three times). */}
          <span aria-hidden="true">{label}</span>
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
