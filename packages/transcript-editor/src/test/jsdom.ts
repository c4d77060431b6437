/**
 * What jsdom lacks for the editor's components: a size for elements (the virtualised list renders
 * the rows that fit) and wavesurfer.js, which needs a canvas; the waveform is checked in a browser
 * (stories and the e2e test).
 */
import { vi } from 'vitest';

export function giveElementsASize(width = 900, height = 700) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: height,
    width,
    height,
    toJSON: () => ({}),
  } as DOMRect);
  for (const [name, value] of [
    ['offsetHeight', height],
    ['offsetWidth', width],
    ['clientHeight', height],
    ['clientWidth', width],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
}
