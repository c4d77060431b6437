/**
 * The keyboard of a WAI-ARIA toolbar (`role="toolbar"`): the whole toolbar is one Tab stop; Left
 * and Right (mirrored right to left) move between its controls, wrapping around, Home and End go
 * to the first and the last; Tab leaves. The control focused last is the Tab stop (roving
 * tabindex), so Tab brings the reviewer back where they were.
 *
 * The controls are found in the toolbar's DOM, not handed over, so any component can put a button
 * in a toolbar (a menu button, a save indicator's retry): disabled controls and those inside a
 * `hidden` or `inert` container are skipped, and the Tab stop moves on when its control goes.
 * Inside a text field or a select the arrows keep their own meaning. Nothing here reads layout,
 * so a toolbar re-rendered by an edit costs no style or layout work.
 */
import { type RefObject, useEffect } from 'react';

const CONTROLS = 'button, input, select, textarea, a[href], [role="button"], [role="switch"], [role="checkbox"]';

/** Fields where the arrow keys move the caret or change the value. */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password', 'date', 'time']);
function keepsArrows(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TEXT_INPUTS.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

function usable(element: HTMLElement): boolean {
  if ((element as HTMLButtonElement).disabled) return false;
  return !element.closest('[hidden], [inert]');
}

/** The toolbar's controls a person can reach now, in order. */
export function toolbarControls(toolbar: HTMLElement): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>(CONTROLS)].filter(usable);
}

/**
 * Gives the toolbar at `ref` its keyboard (one Tab stop, arrow keys between its controls).
 * @example
 * const toolbar = useRef<HTMLDivElement>(null);
 * useRovingToolbar(toolbar);
 * return <div role="toolbar" aria-label="Review" ref={toolbar}>…</div>;
 */
export function useRovingToolbar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    /** The control that is the Tab stop. */
    let current: HTMLElement | null = null;

    /** Exactly one reachable control is in the Tab order: the current one, or the first. */
    const settle = () => {
      const all = [...toolbar.querySelectorAll<HTMLElement>(CONTROLS)];
      const controls = all.filter(usable);
      if (!current || !controls.includes(current)) current = controls[0] ?? null;
      for (const control of all) {
        const wanted = control === current ? '0' : '-1';
        if (control.getAttribute('tabindex') !== wanted) control.setAttribute('tabindex', wanted);
      }
    };

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (target === current || !toolbarControls(toolbar).includes(target)) return;
      current = target;
      settle();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement;
      if (keepsArrows(target)) return;
      const controls = toolbarControls(toolbar);
      const at = controls.indexOf(target);
      if (at < 0 || controls.length === 0) return;
      const backwards = getComputedStyle(toolbar).direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
      const forwards = backwards === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
      let next: number;
      if (event.key === forwards) next = (at + 1) % controls.length;
      else if (event.key === backwards) next = (at - 1 + controls.length) % controls.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = controls.length - 1;
      else return;
      event.preventDefault();
      controls[next]?.focus();
    };

    settle();
    // Controls come and go (a menu button appears when the row is full, undo is turned on): the
    // Tab stop stays on one reachable control.
    const observer = new MutationObserver(settle);
    observer.observe(toolbar, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'inert'],
    });
    toolbar.addEventListener('focusin', onFocusIn);
    toolbar.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      toolbar.removeEventListener('focusin', onFocusIn);
      toolbar.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);
}
