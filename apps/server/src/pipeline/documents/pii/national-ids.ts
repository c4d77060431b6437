// National identifiers of people, found by their shape and accepted only when their check digits
// hold (stdnum): Spanish DNI and NIE (a check letter), French NIR (a two-digit key) and the German
// Steuer-ID (11 digits, ISO 7064 check digit). A Steuer-ID is only taken after its name: one
// 11-digit number in ten passes its check. The Portuguese NIF is with the tax ids (tax-ids.ts).
import { stdnum, type Validator } from 'stdnum';

export type NationalIdCategory = 'NationalId' | 'TaxId';

interface NationalIdKind {
  category: NationalIdCategory;
  validator: Validator;
  shape: RegExp;
  /** Text that must end just before the number; null: the check digits are evidence enough. */
  cue: RegExp | null;
  confidence: number;
}

/** A validator stdnum ships; its absence is a broken install, not a document's problem. */
function validator(country: string, name: string): Validator {
  const found = stdnum[country]?.[name];
  if (!found) throw new Error(`stdnum has no ${country} ${name} validator`);
  return found;
}

const KINDS: readonly NationalIdKind[] = [
  {
    category: 'NationalId',
    validator: validator('ES', 'dni'),
    shape: /(?<![\p{L}\p{N}])\d{8}[ -]?[A-Z](?![\p{L}\p{N}])/gu,
    cue: null,
    confidence: 0.95,
  },
  {
    category: 'NationalId',
    validator: validator('ES', 'nie'),
    shape: /(?<![\p{L}\p{N}])[XYZ][ -]?\d{7}[ -]?[A-Z](?![\p{L}\p{N}])/gu,
    cue: null,
    confidence: 0.95,
  },
  {
    category: 'NationalId',
    validator: validator('FR', 'nir'),
    shape: /(?<![\p{L}\p{N}])[12][ ]?\d{2}[ ]?\d{2}[ ]?(?:\d{2}|2[AB])[ ]?\d{3}[ ]?\d{3}[ ]?\d{2}(?![\p{L}\p{N}])/gu,
    cue: null,
    confidence: 0.95,
  },
  {
    category: 'TaxId',
    validator: validator('DE', 'idnr'),
    shape: /(?<![\p{L}\p{N}])\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}(?![\p{L}\p{N}])/gu,
    cue: /(?:steuer-?\s?id(?:entifikationsnummer)?|steuerliche\s+identifikationsnummer|identifikationsnummer|idnr)\.?\s*:?\s*$/iu,
    confidence: 0.9,
  },
];

export interface NationalIdFinding {
  category: NationalIdCategory;
  offset: number;
  length: number;
  confidence: number;
  normalized: string;
}

export function nationalIds(text: string): NationalIdFinding[] {
  const out: NationalIdFinding[] = [];
  for (const kind of KINDS) {
    for (const m of text.matchAll(kind.shape)) {
      const offset = m.index ?? 0;
      if (kind.cue && !kind.cue.test(text.slice(Math.max(0, offset - 40), offset))) continue;
      const result = kind.validator.validate(m[0]);
      if (!result.isValid) continue;
      out.push({
        category: kind.category,
        offset,
        length: m[0].length,
        confidence: kind.confidence,
        normalized: result.compact,
      });
    }
  }
  return out;
}
