import { describe, expect, it } from 'vitest';
import { assessTextLayer } from './text-layer-quality.js';

describe('assessTextLayer', () => {
  it('accepts ordinary prose', () => {
    expect(assessTextLayer('Here is to the crazy ones, the misfits, the rebels, the troublemakers.').usable).toBe(true);
  });

  it('rejects control characters and shifted encodings', () => {
    expect(assessTextLayer('+HUDXVJHEHU\u001d\u0003 ').usable).toBe(false);
    expect(assessTextLayer('+HUDXVJHEHU =HLWVFKULIW IU 6WDDWVZLVVHQVFKDIW XQG 5HFKWVSROLWLN JPEK').usable).toBe(false);
  });

  it('does not judge non-Latin scripts by Latin vowels', () => {
    expect(assessTextLayer('Договор поставки оборудования и программного обеспечения').usable).toBe(true);
  });
});
