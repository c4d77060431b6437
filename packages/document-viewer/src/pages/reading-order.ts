// Reading order of boxes for keyboard and screen-reader users: top to bottom by line, then left to
// right. Two boxes are on the same line when their vertical centres are within half the smaller
// height of each other, so a slightly taller box does not jump ahead of its neighbours.
import type { PageBox } from './types';

export function sortInReadingOrder<T extends { box: PageBox }>(items: readonly T[]): T[] {
  const byTop = [...items].sort((a, b) => a.box.top + a.box.height / 2 - (b.box.top + b.box.height / 2));
  const lines: T[][] = [];
  let line: T[] = [];
  let lineCentre = 0;
  let lineHeight = 0;
  for (const item of byTop) {
    const centre = item.box.top + item.box.height / 2;
    if (line.length && Math.abs(centre - lineCentre) <= Math.min(lineHeight, item.box.height) / 2) {
      line.push(item);
    } else {
      if (line.length) lines.push(line);
      line = [item];
      lineCentre = centre;
      lineHeight = item.box.height;
    }
  }
  if (line.length) lines.push(line);
  return lines.flatMap((l) => l.sort((a, b) => a.box.left - b.box.left));
}

/** Roving focus in a list: the index a key moves to, or null when the key is not ours. */
export function nextFocusIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, index + 10);
    case 'PageUp':
      return Math.max(0, index - 10);
    default:
      return null;
  }
}
