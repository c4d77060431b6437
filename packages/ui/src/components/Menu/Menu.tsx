/**
 * A menu button (WAI-ARIA menu pattern) on @floating-ui/react: Enter/Space/ArrowDown open it
 * and focus the first item, arrow keys move (wrapping), Home/End jump, typing a letter finds
 * an item, Escape closes and focus returns to the trigger. An item may show the keys of the
 * shortcut that does the same (a toolbar's overflow keeps what its buttons told).
 */
import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import { type ReactNode, useRef, useState } from 'react';
import { Portal } from '../../overlay/Portal';
import { cx } from '../../utils/cx';

/** One entry of a {@link Menu}. */
export interface MenuItem {
  /** Stable id (the spec's action names, e.g. `'finishReview'`). */
  id: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Destructive actions are drawn in the danger colour. */
  tone?: 'default' | 'danger';
  icon?: ReactNode;
  /** The keys of the shortcut that does the same, as `aria-keyshortcuts` names them; shown after the label. */
  keys?: string | undefined;
}

/** Props of {@link Menu}. */
export interface MenuProps {
  /** Trigger text, also the menu's accessible name. */
  label: string;
  items: readonly MenuItem[];
  /** Replace the text trigger with icon content; `label` stays the accessible name. */
  triggerContent?: ReactNode;
  /** @default 'bottom-start' */
  placement?: 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end';
  className?: string;
  /** The trigger's look, as {@link Button}'s. @default 'secondary' */
  variant?: 'secondary' | 'ghost';
  /** The trigger's size, as {@link Button}'s. @default 'md' */
  size?: 'sm' | 'md';
  /** Test id of the trigger. */
  'data-testid'?: string;
}

/**
 * One list for every menu: floating-ui compares the middleware it is given with the last one on
 * each render, functions by their source text, unless it is the same array.
 */
const MENU_MIDDLEWARE = [offset(4), flip(), shift({ padding: 8 })];

/**
 * A menu of actions behind a button.
 * @example
 * <Menu label="Actions" items={[{ id: 'view', label: 'View', onSelect: open }]} />
 */
export function Menu({
  label,
  items,
  triggerContent,
  placement = 'bottom-start',
  className,
  variant = 'secondary',
  size = 'md',
  'data-testid': testId,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);
  labelsRef.current = items.map((item) => item.label);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    middleware: MENU_MIDDLEWARE,
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context, { event: 'mousedown' }),
    useRole(context, { role: 'menu' }),
    useDismiss(context),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, loop: true }),
    useTypeahead(context, { listRef: labelsRef, activeIndex, onMatch: open ? setActiveIndex : undefined }),
  ]);

  return (
    <>
      <button
        ref={refs.setReference}
        type="button"
        className={cx('rd-button', `rd-button--${variant}`, `rd-button--${size}`, 'rd-focusable', className)}
        aria-label={triggerContent ? label : undefined}
        data-testid={testId}
        {...getReferenceProps()}
      >
        {triggerContent ?? label}
        <span className="rd-menu__caret" aria-hidden="true" />
      </button>
      {open ? (
        <Portal>
          <FloatingFocusManager context={context} modal={false} initialFocus={0} returnFocus>
            <div
              ref={refs.setFloating}
              className="rd-menu"
              role="menu"
              style={floatingStyles}
              aria-label={label}
              {...getFloatingProps()}
            >
              {items.map((item, index) => (
                <button
                  key={item.id}
                  ref={(node) => {
                    listRef.current[index] = node;
                  }}
                  type="button"
                  role="menuitem"
                  className={cx('rd-menu__item', item.tone === 'danger' ? 'rd-menu__item--danger' : null)}
                  tabIndex={activeIndex === index ? 0 : -1}
                  disabled={item.disabled}
                  data-rd-item={item.id}
                  aria-keyshortcuts={item.keys}
                  {...getItemProps({
                    onClick() {
                      item.onSelect();
                      setOpen(false);
                    },
                  })}
                >
                  {item.icon ? <span className="rd-menu__icon">{item.icon}</span> : null}
                  {item.label}
                  {item.keys ? <kbd className="rd-menu__keys">{item.keys}</kbd> : null}
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </Portal>
      ) : null}
    </>
  );
}
