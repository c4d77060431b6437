/**
 * A non-modal popover (filters, quick settings) on @floating-ui/react: the trigger toggles it,
 * focus moves into it, Escape or a click outside closes it and focus returns to the trigger.
 */
import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref, useId, useState } from 'react';
import { Portal } from '../../overlay/Portal';

/** Props of {@link Popover}. */
export interface PopoverProps {
  /** The button that toggles the popover (must accept a ref). */
  trigger: ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;
  /** Popover content. */
  children: ReactNode;
  /** Heading inside the popover, also its accessible name. */
  title?: ReactNode;
  /** Controlled open state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** @default 'bottom-start' */
  placement?: Placement;
}

/**
 * One list for every popover: floating-ui compares the middleware it is given with the last one on
 * each render, functions by their source text, unless it is the same array.
 */
const POPOVER_MIDDLEWARE = [
  offset(6),
  flip(),
  shift({ padding: 8 }),
  // Never taller than the room on screen: a long form (the task filters of a labelling
  // workspace on a laptop) scrolls inside the popover rather than pushing its buttons off screen.
  size({
    padding: 8,
    apply({ availableHeight, elements }) {
      elements.floating.style.maxHeight = `${Math.max(160, Math.floor(availableHeight))}px`;
    },
  }),
];

/**
 * Rich content anchored to a trigger.
 * @example
 * <Popover trigger={<Button>Filters</Button>} title="Filters"><FilterForm /></Popover>
 */
export function Popover({
  trigger,
  children,
  title,
  open: openProp,
  onOpenChange,
  placement = 'bottom-start',
}: PopoverProps) {
  const [internal, setInternal] = useState(false);
  const open = openProp ?? internal;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setInternal(next);
    onOpenChange?.(next);
  };
  const titleId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    middleware: POPOVER_MIDDLEWARE,
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);

  // Keep the child's own ref working alongside ours.
  const ref = useMergeRefs([refs.setReference, isValidElement(trigger) ? trigger.props.ref : undefined]);

  if (!isValidElement(trigger)) return null;
  return (
    <>
      {cloneElement(trigger, getReferenceProps({ ...trigger.props, ref }))}
      {open ? (
        <Portal>
          <FloatingFocusManager context={context} modal={false} returnFocus>
            <div
              ref={refs.setFloating}
              className="rd-popover"
              role="dialog"
              style={floatingStyles}
              aria-labelledby={title ? titleId : undefined}
              {...getFloatingProps()}
            >
              {title ? (
                <div id={titleId} className="rd-popover__title">
                  {title}
                </div>
              ) : null}
              {children}
            </div>
          </FloatingFocusManager>
        </Portal>
      ) : null}
    </>
  );
}
