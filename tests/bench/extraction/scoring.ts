// How the extraction bench decides that a field is right, which half a document belongs to, and
// how confidences are compared with the share of right values (the issue "invoices read right the
// first time", "How it is measured"):
//   invoice number  equal after removing spaces, punctuation and a leading "No."/"Nr."
//   date            the same calendar day
//   total           the same magnitude to the cent
//   currency        the same ISO code
//   issuer          the same words, or the name plus at most three more words
// and, reported beside them (not in "overall"), the vendor's tax id: the same letters and digits.
import { createHash } from 'node:crypto';
import type { Entity } from '../../../apps/server/src/pipeline/documents/types.js';

export type MainField = 'invoiceNumber' | 'date' | 'totalAmount' | 'currency' | 'issuer';
export const MAIN_FIELDS: MainField[] = ['invoiceNumber', 'date', 'totalAmount', 'currency', 'issuer'];

/** The engine category of each ground-truth key (documents/README.md). */
export const CATEGORY: Record<MainField, string> = {
  invoiceNumber: 'InvoiceId',
  date: 'InvoiceDate',
  totalAmount: 'InvoiceTotal',
  currency: 'Currency',
  issuer: 'VendorName',
};

/** Reported beside the main fields, not counted in "overall" nor in the calibration. */
export type ExtraField = 'vendorTaxId';
export const EXTRA_FIELDS: ExtraField[] = ['vendorTaxId'];
export const EXTRA_CATEGORY: Record<ExtraField, string> = { vendorTaxId: 'VendorTaxId' };

/** A tax id is right when its letters and digits are the printed ones (separators aside). */
export function isRightTaxId(truth: unknown, found: string | null | undefined): boolean {
  const compact = (text: string) => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  return (
    found !== null && found !== undefined && compact(String(truth)) !== '' && compact(String(truth)) === compact(found)
  );
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const invoiceNumber = (text: string): string =>
  text
    .trim()
    .replace(/^(?:no|nr|n°|nº|#)\.?\s*/iu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export function isRight(field: MainField, truth: unknown, found: string | null | undefined): boolean {
  if (found === null || found === undefined || found === '') return false;
  switch (field) {
    case 'invoiceNumber':
      return invoiceNumber(String(truth)) !== '' && invoiceNumber(String(truth)) === invoiceNumber(found);
    case 'date':
      return String(truth) === found.slice(0, 10);
    case 'totalAmount':
      return Number.isFinite(Number(found)) && Math.abs(Math.abs(Number(truth)) - Math.abs(Number(found))) < 0.005;
    case 'currency':
      return String(truth).toUpperCase() === found.trim().toUpperCase();
    case 'issuer': {
      const name = words(String(truth));
      const got = words(found);
      if (name.length === 0 || got.length > name.length + 3) return false;
      // The name's words, in order and next to each other, somewhere in what was found.
      for (let start = 0; start + name.length <= got.length; start++) {
        if (name.every((word, index) => got[start + index] === word)) return true;
      }
      return false;
    }
  }
}

export interface FoundField {
  value: string | null;
  confidence: number | null;
}

/** The first value of the field's entity, normalised where the engine normalised it. */
export function foundField(entities: readonly Entity[], field: MainField | ExtraField): FoundField {
  const category = field === 'vendorTaxId' ? EXTRA_CATEGORY[field] : CATEGORY[field];
  const entity = entities.find((candidate) => candidate.category === category);
  const keyValue = entity?.keyValues[0];
  return {
    value: keyValue?.contentNormalized ?? keyValue?.content ?? null,
    confidence: entity?.confidence ?? keyValue?.confidence ?? null,
  };
}

/** Half "A" (developed on) or "B" (reported only), fixed by a hash of the file name. */
export function halfOf(fileName: string): 'A' | 'B' {
  return (createHash('sha256').update(fileName).digest()[0] as number) % 2 === 0 ? 'A' : 'B';
}

export interface Tally {
  right: number;
  total: number;
}

export const share = (tally: Tally): string =>
  tally.total === 0 ? '   n/a' : `${((100 * tally.right) / tally.total).toFixed(1).padStart(5)}%`;

/** Confidence bands of the reliability table: [0, 0.2), [0.2, 0.4) … [0.8, 1.0]. */
export const BANDS = [0, 0.2, 0.4, 0.6, 0.8] as const;

export function bandOf(confidence: number): number {
  const index = BANDS.findLastIndex((start) => confidence >= start);
  return Math.max(0, index);
}
