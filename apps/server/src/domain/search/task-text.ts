// A task's text as the entries the index keeps: what a person can land on when a search finds it.
// - a document page: its recognised words in reading order (line by line);
// - the field values of a page (the reviewed values, which may differ from what was read);
// - a transcript paragraph, with its start time and speaker.
// Pure functions over the contract's shapes as stored (task_pages.ocr / .document, task_media.transcript).

export type TextSource = 'page' | 'fields' | 'transcript';

export interface TextEntry {
  source: TextSource;
  pageNumber: number | null;
  startTimeSeconds: number | null;
  /** Order within the task. */
  position: number;
  speakerName: string | null;
  body: string;
}

interface OcrWordLike {
  text?: unknown;
  lineIndex?: unknown;
}

interface KeyValueLike {
  content?: unknown;
}

interface EntityLike {
  category?: unknown;
  pageNumber?: unknown;
  keyValues?: unknown;
}

export interface StoredPage {
  page_number: number;
  ocr: unknown;
  document: unknown;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The page's words joined line by line, in the order the recognizer read them. */
export function pageText(ocr: unknown): string {
  if (!isRecord(ocr)) return '';
  const lines = new Map<number, string[]>();
  for (const word of asArray(ocr.entities) as OcrWordLike[]) {
    if (typeof word?.text !== 'string' || word.text.trim() === '') continue;
    const line = typeof word.lineIndex === 'number' ? word.lineIndex : 0;
    const list = lines.get(line) ?? [];
    list.push(word.text);
    lines.set(line, list);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, list]) => words(list.join(' ')))
    .join('\n');
}

/** "InvoiceTotal: 123.45" per value of the page's fields (empty values left out). */
export function fieldText(document: unknown): string {
  if (!isRecord(document)) return '';
  const lines: string[] = [];
  for (const entity of asArray(document.entities) as EntityLike[]) {
    if (!isRecord(entity)) continue;
    const values = (asArray(entity.keyValues) as KeyValueLike[])
      .map((kv) => (isRecord(kv) && typeof kv.content === 'string' ? words(kv.content) : ''))
      .filter((value) => value !== '');
    if (values.length === 0) continue;
    const category = typeof entity.category === 'string' ? entity.category : '';
    lines.push(category ? `${category}: ${values.join(' ')}` : values.join(' '));
  }
  return lines.join('\n');
}

/** A document page as the index takes it: its words' text (pageText of its OCR) and its DocumentResult. */
export interface IndexedPage {
  pageNumber: number;
  text: string;
  document: unknown;
}

/** Entries of a document task's pages: the page text, then its field values, page by page. */
export function documentEntries(pages: readonly StoredPage[]): TextEntry[] {
  return pageEntries(
    pages.map((page) => ({ pageNumber: page.page_number, text: pageText(page.ocr), document: page.document })),
  );
}

/** documentEntries of pages whose text was taken from their OCR already (where the OCR was parsed anyway). */
export function pageEntries(pages: readonly IndexedPage[]): TextEntry[] {
  const entries: TextEntry[] = [];
  for (const page of [...pages].sort((a, b) => a.pageNumber - b.pageNumber)) {
    const fields = fieldText(page.document);
    const base = { pageNumber: page.pageNumber, startTimeSeconds: null, speakerName: null };
    // Positions follow the page numbers, so re-indexing some pages keeps the task's order.
    if (page.text) entries.push({ ...base, source: 'page', position: page.pageNumber * 2, body: page.text });
    if (fields) entries.push({ ...base, source: 'fields', position: page.pageNumber * 2 + 1, body: fields });
  }
  return entries;
}

interface TranscriptLike {
  transcripts?: unknown;
  speakers?: unknown;
}

/** One entry per transcript paragraph, with its start time (seconds) and speaker's name. */
export function transcriptEntries(transcript: unknown): TextEntry[] {
  if (!isRecord(transcript)) return [];
  const t = transcript as TranscriptLike;
  const speakers = new Map<string, string>();
  for (const speaker of asArray(t.speakers)) {
    if (isRecord(speaker) && typeof speaker.speakerId === 'string' && typeof speaker.speakerName === 'string') {
      speakers.set(speaker.speakerId, speaker.speakerName);
    }
  }
  const entries: TextEntry[] = [];
  for (const item of asArray(t.transcripts)) {
    if (!isRecord(item)) continue;
    const body = words(
      asArray(item.children)
        .map((word) => (isRecord(word) && typeof word.text === 'string' ? word.text : ''))
        .join(' '),
    );
    if (!body) continue;
    entries.push({
      source: 'transcript',
      pageNumber: null,
      startTimeSeconds: typeof item.start === 'number' ? item.start : 0,
      position: entries.length,
      speakerName: typeof item.speakerId === 'string' ? (speakers.get(item.speakerId) ?? null) : null,
      body,
    });
  }
  return entries;
}
