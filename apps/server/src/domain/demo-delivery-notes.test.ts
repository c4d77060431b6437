import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DELIVERY_NOTE_SEEDS, deliveryNotePdf } from './demo-delivery-notes.js';

/** The PDF's text as poppler reads it, in reading order. */
function textOf(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'delivery-note-'));
  try {
    const file = join(dir, 'note.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('demo delivery notes', () => {
  it('print one layout with the values of their seed, the same file for the same seed', async () => {
    const first = await deliveryNotePdf(DEMO_DELIVERY_NOTE_SEEDS[0]);
    const again = await deliveryNotePdf(DEMO_DELIVERY_NOTE_SEEDS[0]);
    expect(again.values).toEqual(first.values);
    const text = textOf(first.bytes);
    for (const label of ['Order number:', 'Delivery date:', 'Ship to', 'Amount due']) expect(text).toContain(label);
    for (const value of Object.values(first.values)) expect(text).toContain(value);
    expect(first.fileName).toBe(`delivery-note-${first.values.order}.pdf`);
  });

  it('vary their values from note to note', async () => {
    const notes = await Promise.all(DEMO_DELIVERY_NOTE_SEEDS.map((seed) => deliveryNotePdf(seed)));
    expect(new Set(notes.map((n) => n.values.order)).size).toBe(notes.length);
    expect(new Set(notes.map((n) => n.values.total)).size).toBe(notes.length);
  });
});
