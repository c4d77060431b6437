/** A copy of `list` with the item at `from` moved to `to` (both clamped), for reordering by keyboard, buttons or drag. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}
