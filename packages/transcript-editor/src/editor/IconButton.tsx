/**
 * A small button drawn by a glyph (B, I, U, −, +), the way the document viewer's toolbar draws its
 * icons: the glyph is hidden from assistive technology, the button is named by `label` and
 * described by the keys of its shortcut, always ("Bold, push button, Control+B"). The tooltip (on
 * hover and on keyboard focus) shows the name and the keys to the eye only: describing the button
 * as it appeared, it had the keys said a second time right after the focus.
 */
import { Button, type ButtonProps, Tooltip } from '@reviewdesk/ui';
import { type ReactNode, useId } from 'react';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label' | 'size' | 'icon'> {
  /** What the button does: its accessible name and the tooltip's text. */
  label: string;
  /** The glyph shown. */
  glyph: ReactNode;
  /** The keys of its shortcut, as `aria-keyshortcuts` names them. */
  keys?: string | undefined;
}

export function IconButton({ label, glyph, keys, className, variant = 'ghost', ...rest }: IconButtonProps) {
  const keysId = useId();
  return (
    <Tooltip
      describes={false}
      content={
        <>
          {label}
          {keys ? <kbd className="rd-transcript-icon-button__keys">{keys}</kbd> : null}
        </>
      }
    >
      <Button
        {...rest}
        size="sm"
        variant={variant}
        aria-label={label}
        {...(keys ? { 'aria-keyshortcuts': keys, 'aria-describedby': keysId } : {})}
        className={['rd-transcript-icon-button', className].filter(Boolean).join(' ')}
      >
        <span aria-hidden="true">{glyph}</span>
        {keys ? (
          <span id={keysId} hidden>
            {keys}
          </span>
        ) : null}
      </Button>
    </Tooltip>
  );
}
