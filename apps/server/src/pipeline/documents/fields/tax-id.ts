// Tax identifiers checked with their country's check digits (the `stdnum` library: EU VAT numbers
// per member state, and the national ids invoices print where there is no VAT-style number: CNPJ,
// NIP, RFC, DIČ, CUIT, NIF, Steuernummer, ABN, EIN). A number that fails its check is most often a
// misread digit or the wrong number; one whose scheme has no check is only as good as its label.
import { euVat, stdnum, type Validator } from 'stdnum';

export type TaxIdCheck =
  /** The check digits hold for the scheme named (country and number type). */
  | { status: 'valid'; scheme: string }
  /** The number fails the check of every scheme it could belong to. */
  | { status: 'invalid' }
  /** No scheme with a check applies (an unknown prefix, or a label without a country). */
  | { status: 'unchecked' };

/** VAT prefixes of the EU member states and their neighbours; Greece writes EL. */
const VAT_PREFIX = /^(ATU|BE|BG|CHE|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)/;

function vatValidators(prefix: string): Validator[] {
  if (prefix === 'EL') return euVat.GR ?? [];
  if (prefix === 'ATU') return euVat.AT ?? [];
  if (prefix === 'CHE') return euVat.CH ?? [];
  if (prefix === 'GB') return stdnum.GB?.vat ? [stdnum.GB.vat] : [];
  return euVat[prefix] ?? [];
}

/** Checks a VAT number written with its country prefix (`DE 812 706 034`, `NL8204.71.616.B.02`). */
export function checkPrefixedVat(text: string): TaxIdCheck {
  const compact = text.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = VAT_PREFIX.exec(compact)?.[1];
  if (!prefix) return { status: 'unchecked' };
  return checkWith(vatValidators(prefix), compact, prefix);
}

/** Checks a number against the schemes a label names (e.g. CNPJ, NIP); no scheme: unchecked. */
export function checkWith(validators: readonly Validator[], text: string, country = ''): TaxIdCheck {
  if (validators.length === 0) return { status: 'unchecked' };
  for (const validator of validators) {
    if (validator.validate(text).isValid)
      return { status: 'valid', scheme: `${country} ${validator.abbreviation ?? validator.name}`.trim() };
  }
  return { status: 'invalid' };
}

/** National ids by the label printed before them; the label says the country and the scheme. */
export const NATIONAL_ID_LABELS: ReadonlyArray<{ label: RegExp; validators: () => Validator[] }> = [
  { label: /(?<![\p{L}])CNPJ(?![\p{L}])/u, validators: () => pick(stdnum.BR?.cnpj) },
  { label: /(?<![\p{L}])NIP(?![\p{L}])/u, validators: () => pick(stdnum.PL?.nip) },
  { label: /(?<![\p{L}])RFC(?![\p{L}])/u, validators: () => pick(stdnum.MX?.rfc) },
  { label: /(?<![\p{L}])DI[ČC](?![\p{L}])/u, validators: () => pick(stdnum.CZ?.dic) },
  { label: /(?<![\p{L}])CUIT(?![\p{L}])/u, validators: () => pick(stdnum.AR?.cuit) },
  {
    label: /(?<![\p{L}])(?:N\.?I\.?F\.?|NIPC|C\.?I\.?F\.?|contribuinte)(?![\p{L}])/iu,
    validators: () => pick(stdnum.PT?.nif, stdnum.ES?.nif),
  },
  { label: /steuer-?nummer|(?<![\p{L}])St\.?-?Nr\.?(?![\p{L}])/iu, validators: () => pick(stdnum.DE?.stnr) },
  { label: /(?<![\p{L}])ABN(?![\p{L}])/u, validators: () => pick(stdnum.AU?.abn) },
  { label: /(?<![\p{L}])EIN(?![\p{L}])/u, validators: () => pick(stdnum.US?.ein) },
];

const pick = (...validators: Array<Validator | undefined>): Validator[] =>
  validators.filter((validator): validator is Validator => validator !== undefined);
