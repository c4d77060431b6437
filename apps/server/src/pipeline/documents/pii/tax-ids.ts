// Check digits and shapes of the identifiers PII detection looks for: IBAN (ibantools: country
// length, BBAN format, ISO 13616 mod 97), Portuguese NIF (mod 11) and the VAT number shapes of the
// EU member states.
import { countrySpecs, electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * A valid IBAN by ibantools: the country's length and BBAN format (its registry of every IBAN
 * country) and the ISO 13616 mod-97 check digits; spaces and case do not matter.
 */
export function isValidIban(value: string): boolean {
  const iban = electronicFormatIBAN(value);
  return iban !== null && isValidIBAN(iban);
}

/** The IBAN length of a country, when it has IBANs. */
export const ibanLengthFor = (country: string): number | undefined => countrySpecs[country.toUpperCase()]?.chars;

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
