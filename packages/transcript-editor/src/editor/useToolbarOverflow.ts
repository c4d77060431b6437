/**
 * Measures the toolbar's actions and the room they have, and says which go into the "More" menu.
 * Every action stays rendered in the row (those in the menu hidden there, out of the layout, so
 * their width is still measured — it changes with the language and with labels like "Finishing…");
 * a ResizeObserver on the row and on each action decides again whenever any of them changes size,
 * so the toolbar fits a partner's 900 px panel as well as a 1,600 px screen.
 */
import { type RefObject, useLayoutEffect, useState } from 'react';
import { actionsInMenu } from './toolbar-fit.js';

const NONE: ReadonlySet<string> = new Set();
const widthOf = (element: Element | null | undefined) => element?.getBoundingClientRect().width ?? 0;

/**
 * @param row the element holding the actions (`[data-toolbar-item]`) and the menu button (`[data-toolbar-more]`)
 * @param keptLongestFirst the actions' ids, the one kept in the row longest first
 */
export function useToolbarOverflow(
  row: RefObject<HTMLElement | null>,
  keptLongestFirst: readonly string[],
): ReadonlySet<string> {
  const [inMenu, setInMenu] = useState(NONE);
  const key = keptLongestFirst.join(' ');
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const ids = key.split(' ');
    const measure = () => {
      const item = (id: string) => element.querySelector(`[data-toolbar-item="${id}"]`);
      const next = actionsInMenu({
        available: element.clientWidth,
        gap: Number.parseFloat(getComputedStyle(element).columnGap) || 0,
        more: widthOf(element.querySelector('[data-toolbar-more]')),
        widths: ids.filter((id) => item(id)).map((id) => [id, widthOf(item(id))] as const),
      });
      setInMenu((current) => (current.size === next.size && [...next].every((id) => current.has(id)) ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [row, key]);
  return inMenu;
}
