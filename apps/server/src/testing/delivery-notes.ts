// Documents of one layout made with varied values, for the template model's tests and bench: a
// delivery note whose printed labels stay where the layout puts them while its order number, date,
// customer and total change, each page moved, scaled and slightly rotated as a scan would be.
// Variant "b" prints the same words in other places (another layout); variant "c" is another layout
// that prints each value after or under its label as "a" does, with the labels in other places and
// other words around them; "d" a third such layout, that mixes how "a" and "c" place each value
// (layouts a model that generalises reads without being trained on them).
import type { Box, TrainingDocument, Word } from '../pipeline/templates/template-model.js';

/** A small deterministic random source (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Ana Lima', 'Jon Berg', 'Marie-Claire Dubois', 'Kowalski', 'Ines Maria Sousa Pereira', 'Li Wei'];
const CITIES = ['Porto', 'Berlin', 'Lyon', 'Sevilla', 'Bristol'];

export interface Line {
  x: number;
  y: number;
  text: string;
  field?: string;
}

/** Fields of the layout. */
export const DELIVERY_NOTE_FIELDS = ['order', 'date', 'customer', 'total'] as const;

/** The layout: printed labels at fixed places, values after or under them. */
export function deliveryNote(r: () => number, variant: Variant = 'a'): Line[] {
  const order = `PO-${Math.floor(r() * 900000 + 100000)}`;
  const date = `${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/2026`;
  const customer = NAMES[Math.floor(r() * NAMES.length)] as string;
  const city = CITIES[Math.floor(r() * CITIES.length)] as string;
  const total = `${Math.floor(r() * 9000 + 10)}.${String(Math.floor(r() * 100)).padStart(2, '0')} EUR`;
  if (variant === 'c') {
    return [
      { x: 320, y: 40, text: 'Contoso Freight' },
      { x: 320, y: 56, text: 'Delivery Note' },
      { x: 60, y: 60, text: 'Amount due' },
      { x: 60, y: 76, text: total, field: 'total' },
      { x: 60, y: 220, text: 'Items shipped as listed below' },
      { x: 320, y: 260, text: 'Ship to' },
      { x: 320, y: 276, text: customer, field: 'customer' },
      { x: 320, y: 292, text: `${city} depot` },
      { x: 60, y: 520, text: 'Delivery date:' },
      { x: 150, y: 520, text: date, field: 'date' },
      { x: 60, y: 560, text: 'Order number:' },
      { x: 160, y: 560, text: order, field: 'order' },
      { x: 60, y: 740, text: 'Questions? Call our office' },
    ];
  }
  if (variant === 'd') {
    return [
      { x: 60, y: 40, text: 'Fabrikam Transport Delivery Note' },
      { x: 330, y: 90, text: 'Order number:' },
      { x: 430, y: 90, text: order, field: 'order' },
      { x: 330, y: 150, text: 'Amount due' },
      { x: 330, y: 166, text: total, field: 'total' },
      { x: 60, y: 300, text: 'Please check the goods on arrival' },
      { x: 60, y: 600, text: 'Ship to' },
      { x: 60, y: 616, text: customer, field: 'customer' },
      { x: 60, y: 632, text: `${city} store` },
      { x: 330, y: 700, text: 'Delivery date:' },
      { x: 420, y: 700, text: date, field: 'date' },
    ];
  }
  const lines: Line[] =
    variant === 'a'
      ? [
          { x: 60, y: 50, text: 'Northwind Logistics Delivery Note' },
          { x: 60, y: 100, text: 'Order number:' },
          { x: 160, y: 100, text: order, field: 'order' },
          { x: 360, y: 100, text: 'Delivery date:' },
          { x: 450, y: 100, text: date, field: 'date' },
          { x: 60, y: 140, text: 'Ship to' },
          { x: 60, y: 156, text: customer, field: 'customer' },
          { x: 60, y: 172, text: `${city} warehouse` },
          { x: 60, y: 400, text: 'Goods received in good condition' },
          { x: 360, y: 700, text: 'Amount due' },
          { x: 450, y: 700, text: total, field: 'total' },
          { x: 60, y: 760, text: 'Thank you for your business' },
        ]
      : [
          { x: 60, y: 50, text: 'Northwind Logistics Delivery Note' },
          { x: 300, y: 300, text: 'Order number:' },
          { x: 60, y: 620, text: order, field: 'order' },
          { x: 60, y: 100, text: 'Delivery date:' },
          { x: 400, y: 500, text: date, field: 'date' },
          { x: 300, y: 140, text: 'Ship to' },
          { x: 60, y: 300, text: customer, field: 'customer' },
          { x: 60, y: 700, text: 'Amount due' },
          { x: 200, y: 200, text: total, field: 'total' },
        ];
  return lines;
}

/** Words with boxes of a page, after a shift, a scale and a rotation about the page centre. */
export function render(lines: Line[], r: () => number): TrainingDocument {
  const scale = 0.9 + r() * 0.2;
  const shift = { x: (r() - 0.5) * 60, y: (r() - 0.5) * 60 };
  const angle = ((r() - 0.5) * 3 * Math.PI) / 180; // ±1.5°
  const size = 10;
  const place = (x: number, y: number) => {
    const cx = x - 306;
    const cy = y - 396;
    return {
      x: 306 + (cx * Math.cos(angle) - cy * Math.sin(angle)) * scale + shift.x,
      y: 396 + (cx * Math.sin(angle) + cy * Math.cos(angle)) * scale + shift.y,
    };
  };
  const words: Word[] = [];
  const labels: TrainingDocument['labels'] = [];
  for (const line of lines) {
    let x = line.x;
    const boxes: Box[] = [];
    for (const text of line.text.split(' ')) {
      const width = text.length * size * 0.55;
      const p = place(x, line.y);
      const box = { left: p.x, top: p.y, right: p.x + width * scale, bottom: p.y + size * scale };
      words.push({ text, box });
      boxes.push(box);
      x += width + size * 0.3;
    }
    if (line.field) {
      labels.push({
        fieldId: line.field,
        page: 1,
        text: line.text,
        box: {
          left: Math.min(...boxes.map((b) => b.left)),
          top: Math.min(...boxes.map((b) => b.top)),
          right: Math.max(...boxes.map((b) => b.right)),
          bottom: Math.max(...boxes.map((b) => b.bottom)),
        },
      });
    }
  }
  return { pages: [words], labels };
}

export type Variant = 'a' | 'b' | 'c' | 'd';

export const deliveryNotes = (count: number, seed: number, variant: Variant = 'a') => {
  const r = random(seed);
  return Array.from({ length: count }, () => render(deliveryNote(r, variant), r));
};

const ARTICLES = ['Bolts', 'Steel brackets', 'Copper pipe 15 mm', 'Valve', 'Rubber seal kit', 'Hinges', 'Wall plugs'];

/**
 * Delivery notes of layout "a" with a table of the articles delivered (1 to 6 rows, articles of one
 * to four words, a quantity and a price), labelled as a DynamicTable field `items` with the columns
 * article, qty and price.
 */
export function deliveryNotesWithItems(count: number, seed: number): TrainingDocument[] {
  const r = random(seed);
  return Array.from({ length: count }, () => {
    const lines = deliveryNote(r, 'a');
    const rows = Array.from({ length: 1 + Math.floor(r() * 6) }, () => [
      ARTICLES[Math.floor(r() * ARTICLES.length)] as string,
      String(1 + Math.floor(r() * 40)),
      `${Math.floor(r() * 300 + 1)}.${String(Math.floor(r() * 100)).padStart(2, '0')}`,
    ]);
    lines.push(
      { x: 60, y: 210, text: 'Article' },
      { x: 330, y: 210, text: 'Qty' },
      { x: 420, y: 210, text: 'Unit price' },
      ...rows.flatMap(([article, qty, price], i) => [
        { x: 60, y: 230 + i * 16, text: article as string },
        { x: 330, y: 230 + i * 16, text: qty as string },
        { x: 420, y: 230 + i * 16, text: price as string },
      ]),
    );
    const doc = render(lines, r);
    return { ...doc, tables: [{ fieldId: 'items', columns: ['article', 'qty', 'price'], rows, page: 1 }] };
  });
}
