// How an invoice's detected fields are compared with invoice2data's expected JSON
// (fixtures/invoices/*.json). Shared by the engine benchmark (bench/documents.bench.ts) and the
// end-to-end pipeline benchmark (tests/bench/pipeline-accuracy.bench.ts), so both report figures
// scored by the same rules:
//   invoice_number  case and spaces ignored, a leading "#" dropped
//   date            ISO date, exact
//   amount          total incl. tax, ±0.005
//   currency        ISO code, case ignored
//   issuer          lower-cased letters and digits, legal forms ("B.V.", "Inc." …) dropped, a match
//                   when either contains the other
// A field counts only where the JSON has it.
import type { Entity } from '../src/pipeline/documents/types.js';

export type FieldName = 'invoice_number' | 'date' | 'amount' | 'currency' | 'issuer';
export const FIELDS: FieldName[] = ['invoice_number', 'date', 'amount', 'currency', 'issuer'];
/** The entity category the detector gives each invoice2data field. */
export const CATEGORY: Record<FieldName, string> = {
  invoice_number: 'InvoiceId',
  date: 'InvoiceDate',
  amount: 'InvoiceTotal',
  currency: 'Currency',
  issuer: 'VendorName',
};

const LEGAL_FORMS =
  /\b(?:b\.?v\.?|n\.?v\.?|inc\.?|ltd\.?|limited|llc|gmbh|ag|sas|sarl|s\.?a\.?|pvt\.?|plc|lda\.?|ltda\.?)(?=\s|,|$)/giu;
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export function matches(field: FieldName, truth: unknown, found: string | null | undefined): boolean {
  if (found === null || found === undefined) return false;
  switch (field) {
    case 'invoice_number':
      return compact(String(truth).replace(/^#/, '')) === compact(found);
    case 'date':
    case 'currency':
      return String(truth).toUpperCase() === found.toUpperCase();
    case 'amount':
      return Math.abs(Number(truth) - Number(found)) < 0.005;
    case 'issuer': {
      const a = compact(String(truth).replace(LEGAL_FORMS, ''));
      const b = compact(found.replace(LEGAL_FORMS, ''));
      return a !== '' && b !== '' && (a.includes(b) || b.includes(a));
    }
  }
}

/** The value of the first entity of the field's category (normalised when the detector normalised it). */
export function foundValue(entities: Entity[], field: FieldName): string | null | undefined {
  const keyValue = entities.find((entity) => entity.category === CATEGORY[field])?.keyValues[0];
  return keyValue?.contentNormalized ?? keyValue?.content;
}

export interface Score {
  right: number;
  total: number;
}

export interface FieldScores {
  byField: Map<FieldName, Score>;
  overall: Score;
  /** "name.field: expected …, got …" for every field that did not match. */
  misses: string[];
}

export interface ScoredInvoice {
  name: string;
  truth: Record<string, unknown>;
  entities: Entity[];
}

export function scoreInvoiceFields(rows: ScoredInvoice[]): FieldScores {
  const byField = new Map<FieldName, Score>(FIELDS.map((field) => [field, { right: 0, total: 0 }]));
  const overall: Score = { right: 0, total: 0 };
  const misses: string[] = [];
  for (const { name, truth, entities } of rows) {
    for (const field of FIELDS) {
      if (truth[field] === undefined) continue;
      const score = byField.get(field) as Score;
      score.total++;
      overall.total++;
      const value = foundValue(entities, field);
      if (matches(field, truth[field], value)) {
        score.right++;
        overall.right++;
      } else
        misses.push(`${name}.${field}: expected ${JSON.stringify(truth[field])}, got ${JSON.stringify(value ?? null)}`);
    }
  }
  return { byField, overall, misses };
}

export const percent = (score: Score) =>
  score.total === 0 ? 'n/a' : `${((100 * score.right) / score.total).toFixed(1)}%`;

/** Prints the scores as bench/documents.bench.ts always has: one line per field, overall, the misses. */
export function printFieldScores(scores: FieldScores): void {
  for (const field of FIELDS) {
    const score = scores.byField.get(field) as Score;
    console.log(`  ${field.padEnd(15)} ${score.right}/${score.total}  ${percent(score)}`);
  }
  console.log(`  ${'overall'.padEnd(15)} ${scores.overall.right}/${scores.overall.total}  ${percent(scores.overall)}`);
  if (scores.misses.length > 0) console.log(`  misses:\n${scores.misses.map((miss) => `    ${miss}`).join('\n')}`);
}
