/**
 * A tooltip on @floating-ui/react that shows on hover AND on keyboard focus (a tooltip only a
 * mouse can reach hides information from keyboard users), hides on Escape, and describes its
 * trigger through `aria-describedby`.
 */
import {
  arrow as arrowMiddleware,
  autoUpdate,
  FloatingArrow,
  flip,
  offset,
  type Placement,
  safePolygon,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Portal } from '../../overlay/Portal';

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** Tooltip text. Keep it short; it must not hold interactive content. */
  content: ReactNode;
  /** One focusable element that accepts a ref (a button, a link). */
  children: ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;
  /** @default 'top' */
  placement?: Placement;
  /** Hover delay before showing, ms. @default 300 */
  delay?: number;
  /**
   * Whether the tooltip describes its trigger while shown. A trigger that carries the same text
   * as a description of its own turns this off: the description is then said once on focus, not
   * again when the tooltip appears. @default true
   */
  describes?: boolean;
}

/**
 * Attaches a tooltip to one focusable child.
 * @example
 * <Tooltip content="Export as Excel"><Button icon={<ExcelIcon />} aria-label="Export" /></Tooltip>
 */
export function Tooltip({ content, children, placement = 'top', delay = 300, describes = true }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const arrowRef = useRef<SVGSVGElement>(null);
  // The same array on every render: floating-ui compares the middleware it is given with the last
  // one, functions by their source text, unless it is the same array (a toolbar has one a button).
  const middleware = useMemo(
    () => [offset(8), flip(), shift({ padding: 8 }), arrowMiddleware({ element: arrowRef })],
    [],
  );
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    middleware,
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { delay: { open: delay, close: 0 }, move: false, handleClose: safePolygon() }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip', enabled: describes }),
  ]);

  // Keep the child's own ref working alongside ours.
  const ref = useMergeRefs([refs.setReference, isValidElement(children) ? children.props.ref : undefined]);

  if (!isValidElement(children)) return children;
  return (
    <>
      {cloneElement(children, getReferenceProps({ ...children.props, ref }))}
      {open ? (
        <Portal>
          <div
            ref={refs.setFloating}
            className="rd-tooltip"
            style={floatingStyles}
            {...getFloatingProps()}
            {...(describes ? {} : { 'aria-hidden': true })}
          >
            {content}
            <FloatingArrow ref={arrowRef} context={context} className="rd-tooltip__arrow" />
          </div>
        </Portal>
      ) : null}
    </>
  );
}
