// Builds the contract's Entity/KeyValue for a piece of a page's text: content, spans, the union box
// of the words it covers and their polygon. Ids follow the contract's `chunk.page.unique` form.
import { createHash } from 'node:crypto';
import { toBoundingBox, toPoints, unionEdges } from './geometry.js';
import { type PageText, wordsInSpan } from './text/page-text.js';
import type { Entity, KeyValue } from './types.js';

export interface TextRange {
  page: PageText;
  offset: number;
  length: number;
}

/** Stable ids: the same finding on a re-run gets the same id (review links survive reprocessing). */
export function temporaryId(pageNumber: number, ...parts: (string | number)[]): string {
  const unique = createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 8);
  return `0.${pageNumber}.${unique}`;
}

export function keyValueFor(
  range: TextRange,
  category: string,
  confidence: number,
  contentNormalized: string | null = null,
): KeyValue {
  const words = wordsInSpan(range.page, range.offset, range.length);
  const edges = words.length > 0 ? unionEdges(words.map((word) => word.edges)) : null;
  return {
    pageNumber: range.page.pageNumber,
    category,
    categoryNormalized: category,
    content: range.page.text.slice(range.offset, range.offset + range.length),
    contentNormalized,
    boundingBox: edges ? toBoundingBox(edges) : null,
    points: edges ? toPoints(edges) : [],
    confidence: round3(confidence),
    spans: [{ offset: range.offset, length: range.length }],
  };
}

export function entityFor(
  category: string,
  keyValue: KeyValue,
  options: { type?: string; groupName?: string | null } = {},
): Entity {
  const id = temporaryId(keyValue.pageNumber, category, keyValue.spans?.[0]?.offset ?? 0, keyValue.content ?? '');
  return {
    temporaryId: id,
    type: options.type ?? 'field',
    category,
    groupName: options.groupName ?? null,
    pageNumber: keyValue.pageNumber,
    chunkNumber: 0,
    keyValues: [{ ...keyValue, childTemporaryId: `${id}|${temporaryId(keyValue.pageNumber, id, 'value')}` }],
    confidence: keyValue.confidence ?? null,
  };
}

/** Confidence of a finding from its rule's own certainty and how sure the engine was of the words. */
export function combinedConfidence(range: TextRange, ruleConfidence: number): number {
  const words = wordsInSpan(range.page, range.offset, range.length);
  const engine = words.length > 0 ? Math.min(...words.map((word) => word.confidence)) : 1;
  return ruleConfidence * engine;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;
