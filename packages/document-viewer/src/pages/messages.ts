// English defaults of the engine's texts; the viewer passes its translated ones (i18n lives in the
// viewer's namespace, the engine stays free of i18next).
import type { PagesMessages } from './types';

export const defaultPagesMessages: PagesMessages = {
  pageLabel: (n, count) => `Page ${n} of ${count}`,
  boxListLabel: (n, count) => `Fields on page ${n} (${count})`,
  loading: 'Loading page…',
  loadError: 'This page could not be displayed.',
  lowConfidence: 'Low confidence',
  invalid: 'Invalid value',
  solved: 'Solved',
  ocrLayerLabel: 'Recognised text',
  documentLabel: 'Document pages',
  thumbnailsLabel: 'Page thumbnails',
  thumbnailLabel: (n) => `Page ${n}`,
};

export function resolveMessages(messages: Partial<PagesMessages> | undefined): PagesMessages {
  return messages ? { ...defaultPagesMessages, ...messages } : defaultPagesMessages;
}

/** "Invoice number: INV-001 — Invalid value": the flags are part of the accessible name and title. */
export function describeBox(label: string, flags: readonly string[] | undefined, m: PagesMessages): string {
  if (!flags?.length) return label;
  const names = flags.map((f) => (f === 'low-confidence' ? m.lowConfidence : f === 'invalid' ? m.invalid : m.solved));
  return `${label} — ${names.join(', ')}`;
}
