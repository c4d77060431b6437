/**
 * What the server stored of a save, taken back into the editor. The server re-times the words of
 * the paragraphs a save changed against the audio (forced alignment, or interpolation for
 * languages without an acoustic model), assigns speaker ids and stamps annotations; the editor adopts that so
 * click-to-seek and the word highlight follow the re-aligned times without a reload. Paragraphs
 * the server left as they were keep their objects, so their rows do not render again; jsonb may
 * reorder keys, so paragraphs are compared by their fields, not by their JSON.
 */
import type { Transcript, TranscriptItem, TranscriptWord } from './types.js';

const sameWord = (a: TranscriptWord, b: TranscriptWord) =>
  a.text === b.text &&
  a.offsetInSeconds === b.offsetInSeconds &&
  a.durationInSeconds === b.durationInSeconds &&
  (a.confidence ?? null) === (b.confidence ?? null) &&
  Boolean(a.bold) === Boolean(b.bold) &&
  Boolean(a.italic) === Boolean(b.italic) &&
  Boolean(a.underline) === Boolean(b.underline);

/** Whether two paragraphs hold the same words at the same times for the same speaker. */
export function sameParagraph(a: TranscriptItem, b: TranscriptItem): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    (a.speakerId ?? null) === (b.speakerId ?? null) &&
    a.children.length === b.children.length &&
    a.children.every((word, i) => sameWord(word, b.children[i] as TranscriptWord))
  );
}

const sameSpeakers = (a: Transcript['speakers'], b: Transcript['speakers']) =>
  a.length === b.length &&
  a.every((s, i) => {
    const o = b[i];
    return (
      o !== undefined &&
      s.speakerId === o.speakerId &&
      s.speakerName === o.speakerName &&
      Boolean(s.isDefault) === Boolean(o.isDefault)
    );
  });

const sameAnnotations = (a: Transcript['annotations'], b: Transcript['annotations']) =>
  a.length === b.length &&
  a.every((x, i) => {
    const o = b[i];
    return (
      o !== undefined &&
      x.uniqueId === o.uniqueId &&
      x.content === o.content &&
      x.start === o.start &&
      x.end === o.end &&
      (x.createdBy ?? null) === (o.createdBy ?? null) &&
      (x.modifiedBy ?? null) === (o.modifiedBy ?? null) &&
      (x.modifiedOn ?? null) === (o.modifiedOn ?? null)
    );
  });

/**
 * The stored transcript as the editor's state: `mine` itself when the server stored it as sent,
 * otherwise the stored one sharing every paragraph of `mine` that it did not change.
 */
export function adoptStored(mine: Transcript, stored: Transcript): Transcript {
  const { version: _version, ...content } = stored as Transcript & { version?: unknown };
  if (content.transcripts.length !== mine.transcripts.length) return content;
  let changed = false;
  const transcripts = content.transcripts.map((paragraph, i) => {
    const own = mine.transcripts[i] as TranscriptItem;
    if (sameParagraph(own, paragraph)) return own;
    changed = true;
    return paragraph;
  });
  const speakers = sameSpeakers(mine.speakers, content.speakers) ? mine.speakers : content.speakers;
  // The server says who made or changed an annotation and when.
  const annotations = sameAnnotations(mine.annotations ?? [], content.annotations ?? [])
    ? mine.annotations
    : content.annotations;
  if (!changed && speakers === mine.speakers && annotations === mine.annotations) return mine;
  return { ...mine, ...content, transcripts, speakers, annotations };
}
