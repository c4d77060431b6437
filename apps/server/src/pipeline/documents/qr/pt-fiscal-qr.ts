// The Portuguese fiscal QR code (Portaria 195/2020): "A:<issuer NIF>*B:<buyer NIF>*C:PT*D:FT*…".
// Each field becomes a key value with the field code as category; the code is valid when the
// mandatory fields are present, the issuer NIF passes its check digit and the date is real.
import { isValidPortugueseNif } from '../pii/tax-ids.js';
import type { KeyValue } from '../types.js';

const MANDATORY = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I1', 'N', 'O', 'Q', 'R'];
const AMOUNT_FIELDS = /^(?:I[3-8]|J[3-8]|K[3-8]|L|M|N|O|P)$/;

export interface PtFiscalQr {
  fields: Map<string, string>;
  isValid: boolean;
}

export function looksLikePtFiscalQr(content: string): boolean {
  return /^A:\d{9}\*B:/.test(content);
}

export function parsePtFiscalQr(content: string): PtFiscalQr {
  const fields = new Map<string, string>();
  for (const part of content.split('*')) {
    const at = part.indexOf(':');
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
  }
  const date = fields.get('F') ?? '';
  const dateOk =
    /^\d{8}$/.test(date) && !Number.isNaN(Date.parse(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`));
  const isValid = MANDATORY.every((code) => fields.has(code)) && isValidPortugueseNif(fields.get('A') ?? '') && dateOk;
  return { fields, isValid };
}

export function ptFiscalKeyValues(qr: PtFiscalQr, pageNumber: number): KeyValue[] {
  return [...qr.fields].map(([code, value]) => ({
    pageNumber,
    category: code,
    categoryNormalized: code,
    content: value,
    contentNormalized: normaliseField(code, value),
    confidence: 1,
  }));
}

function normaliseField(code: string, value: string): string | null {
  if (code === 'F' && /^\d{8}$/.test(value)) return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  if (AMOUNT_FIELDS.test(code) && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value).toFixed(2);
  return null;
}
