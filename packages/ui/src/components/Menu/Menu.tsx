/**
 * A menu button (WAI-ARIA menu pattern) on @floating-ui/react: Enter/Space/ArrowDown open it
 * and focus the first item, arrow keys move (wrapping), Home/End jump, typing a letter finds
 * an item, Escape closes and focus returns to the trigger.
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
}

/**
 * A menu of actions behind a button.
 * @example
 * <Menu label="Actions" items={[{ id: 'view', label: 'View', onSelect: open }]} />
 */
export function Menu({ label, items, triggerContent, placement = 'bottom-start', className }: MenuProps) {
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
    middleware: [offset(4), flip(), shift({ padding: 8 })],
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
        className={cx('rd-button', 'rd-button--secondary', 'rd-button--md', 'rd-focusable', className)}
        aria-label={triggerContent ? label : undefined}
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
                  {...getItemProps({
                    onClick() {
                      item.onSelect();
                      setOpen(false);
                    },
                  })}
                >
                  {item.icon ? <span className="rd-menu__icon">{item.icon}</span> : null}
                  {item.label}
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </Portal>
      ) : null}
    </>
  );
}
