// Check digits and shapes of the identifiers PII detection looks for: IBAN (ISO 13616 mod 97),
// Portuguese NIF (mod 11) and the VAT number shapes of the EU member states.

/** IBAN lengths per country (those likely on European documents; others accept 15–34). */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  BR: 29,
};

export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const ibanLengthFor = (country: string): number | undefined => IBAN_LENGTHS[country.toUpperCase()];

/** Portuguese tax number: 9 digits, valid first digit(s), mod-11 check digit. */
export function isValidPortugueseNif(value: string): boolean {
  const nif = value.replace(/\s+/g, '');
  if (!/^\d{9}$/.test(nif)) return false;
  if (!/^(?:[1235689]|45|7[0-9])/.test(nif)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index++) sum += Number(nif[index]) * (9 - index);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(nif[8]);
}

/** VAT number shapes after the country prefix (VIES formats), spaces and dots removed. */
const EU_VAT_SHAPES: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

export function isEuVatShape(value: string): boolean {
  const compact = value.replace(/[\s.-]+/g, '').toUpperCase();
  const shape = EU_VAT_SHAPES[compact.slice(0, 2)];
  if (!shape?.test(compact.slice(2))) return false;
  return compact.startsWith('PT') ? isValidPortugueseNif(compact.slice(2)) : true;
}
