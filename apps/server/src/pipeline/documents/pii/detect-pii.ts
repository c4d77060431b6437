// Personal data on a page, for anonymisation: e-mail addresses, phone numbers (checked by
// libphonenumber-js against each country's number ranges), IBANs (checked by ibantools),
// tax ids (Portuguese NIF with check digit, EU VAT shapes), national ids with their check digits
// (national-ids.ts: DNI, NIE, NIR, Steuer-ID), dates of birth (a date next to
// "born"/"nascimento"/"DOB"…) and person names (capitalised words after a title or a name label,
// and names in running text by a language's lexicon: person-names.ts).
// Each finding is an entity with the box of its words so the exporter can black it out.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { combinedConfidence, entityFor, keyValueFor } from '../entities.js';
import { findDates } from '../fields/parse-date.js';
import type { PageText } from '../text/page-text.js';
import type { Entity } from '../types.js';
import { NAME_WORD, NOT_NAMES, PARTICLE } from './name-words.js';
import { nationalIds } from './national-ids.js';
import { lexiconNames } from './person-names.js';
import { ibanLengthFor, isEuVatShape, isValidIban, isValidPortugueseNif } from './tax-ids.js';

export type PiiCategory = 'PersonName' | 'Email' | 'PhoneNumber' | 'Iban' | 'TaxId' | 'NationalId' | 'DateOfBirth';

interface Finding {
  category: PiiCategory;
  offset: number;
  length: number;
  confidence: number;
  normalized: string | null;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const IBAN_CANDIDATE = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,32}/g;
const VAT_CANDIDATE =
  /(?<![\p{L}\p{N}])(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)[ ]?[0-9A-Z](?:[ .]?[0-9A-Z+*]){6,13}(?![\p{L}\p{N}])/gu;
const NIF_CUE =
  /(?:NIF|NIPC|N\.?\s?I\.?\s?F\.?|contribuinte|VAT(?:\s+(?:no|number|id))?|tax\s+id)\s*(?:n[.º°]*)?\s*:?\s*(?:PT)?\s*$/iu;
const NINE_DIGITS = /(?<!\d)\d{3}[ ]?\d{3}[ ]?\d{3}(?!\d)/g;
const INTERNATIONAL_PHONE =
  /(?<![\p{L}\p{N}+])(?:\+|00)[1-9]\d{0,2}[\s.-]?(?:\(0?\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){1,4}(?!\d)/gu;
const BRACKETED_PHONE = /\(\d{2,4}\)[\s-]?\d{3,5}[\s-]?\d{3,4}(?!\d)/g;
const PHONE_CUE =
  /(?:tel(?:efone|efon|\.)?|t[ée]l[ée]?phone|phone|fone|fax|telem[óo]vel|mobile|gsm|mob\.?)\s*(?:no\.?|n[º°]|nr\.?)?\s*[:.]?\s*$/iu;
const NATIONAL_PHONE = /^[\s:]*((?:\(?\d[\d\s().-]{6,18}\d))/u;
const DOB_CUE =
  /(?:born(?:\s+on)?|date\s+of\s+birth|birth\s*date|d\.?o\.?b\.?|data\s+de\s+nascimento|nascid[oa]\s+(?:em|a)|nascimento|geboren(?:\s+am)?|geburtsdatum|n[ée]e?\s+le|date\s+de\s+naissance|geboortedatum|geboren\s+op)\s*:?\s*$/iu;
const TITLE =
  /(?<![\p{L}])(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sr|Sra|Srª|Srta|Dª|Dona|Dom|Don|Doña|Señor|Señora|Eng|Herr|Frau|M|Mme|Mlle|Madame|Monsieur|Mademoiselle|Dhr|Mevr)\.?\s+$/u;
const NAME_LABEL =
  /(?:(?<![\p{L}])name|nome(?:\s+completo)?|naam|nom(?:\s+et\s+pr[ée]nom)?|guest\s+name|customer\s+name|bill\s+to|attn\.?|t\.a\.v\.|cliente|destinat[áa]rio|titular|signed\s+by|assinado\s+por|inhaber)\s*:?\s*$/iu;
/**
 * `languages` are the document's (ISO codes, as the task's languages are given): they choose the
 * lexicons that find names in running text; names after a title or a label are found in any.
 */
export function detectPii(page: PageText, languages: readonly string[] = []): Entity[] {
  const findings = [
    ...emails(page.text),
    ...ibans(page.text),
    ...taxIds(page.text),
    ...nationalIds(page.text),
    ...phones(page.text),
    ...datesOfBirth(page.text),
    ...names(page.text),
    ...lexiconNames(page.text, languages).map((span) => ({
      category: 'PersonName' as const,
      ...span,
      normalized: null,
    })),
  ];
  return dropOverlaps(findings).map((finding) => {
    const range = { page, offset: finding.offset, length: finding.length };
    const keyValue = keyValueFor(
      range,
      finding.category,
      combinedConfidence(range, finding.confidence),
      finding.normalized,
    );
    return { ...entityFor(finding.category, keyValue, { type: 'pii' }) };
  });
}

function emails(text: string): Finding[] {
  return [...text.matchAll(EMAIL)].map((m) => ({
    category: 'Email' as const,
    offset: m.index ?? 0,
    length: m[0].length,
    confidence: 0.99,
    normalized: m[0].toLowerCase(),
  }));
}

/** The longest prefix of the match (by whole characters) that is a valid IBAN: text may follow it. */
function ibans(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(IBAN_CANDIDATE)) {
    const raw = m[0];
    const expected = ibanLengthFor(raw.slice(0, 2));
    for (let end = raw.length; end >= 15; end--) {
      if (raw[end - 1] === ' ') continue;
      const compact = raw.slice(0, end).replace(/ /g, '');
      if (expected !== undefined && compact.length !== expected) continue;
      if (isValidIban(compact)) {
        out.push({ category: 'Iban', offset: m.index ?? 0, length: end, confidence: 0.99, normalized: compact });
        break;
      }
    }
  }
  return out;
}

function taxIds(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(VAT_CANDIDATE)) {
    const raw = m[0].trimEnd();
    if (isEuVatShape(raw)) {
      out.push({
        category: 'TaxId',
        offset: m.index ?? 0,
        length: raw.length,
        confidence: 0.85,
        normalized: raw.replace(/[\s.]/g, ''),
      });
    }
  }
  // A bare Portuguese NIF only counts after a cue word: one 9-digit number in 11 passes the check.
  for (const m of text.matchAll(NINE_DIGITS)) {
    const offset = m.index ?? 0;
    const before = text.slice(Math.max(0, offset - 30), offset);
    if (NIF_CUE.test(before) && isValidPortugueseNif(m[0])) {
      out.push({
        category: 'TaxId',
        offset,
        length: m[0].length,
        confidence: 0.95,
        normalized: `PT${m[0].replace(/ /g, '')}`,
      });
    }
  }
  return out;
}

/** Countries whose national numbers (written without a prefix) the five cultures' documents carry. */
const NATIONAL_PHONE_COUNTRIES: readonly CountryCode[] = ['PT', 'BR', 'ES', 'FR', 'DE', 'AT', 'CH', 'GB', 'US'];

/**
 * True when libphonenumber-js (its full metadata: each country's lengths and number ranges) reads
 * a real number: with its own country code, or as a national number of one of those countries.
 */
function isValidPhone(raw: string, international: boolean): boolean {
  const written = raw.trim().replace(/^00/, '+');
  if (international) return parsePhoneNumberFromString(written)?.isValid() === true;
  return NATIONAL_PHONE_COUNTRIES.some((country) => parsePhoneNumberFromString(written, country)?.isValid());
}

function phones(text: string): Finding[] {
  const out: Finding[] = [];
  const push = (offset: number, raw: string, confidence: number) => {
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) return;
    const international = /^(?:\+|00)/.test(raw.trim());
    if (!isValidPhone(raw, international)) return;
    // A national number keeps its digits alone: which country it belongs to is a guess.
    const normalized = international ? `+${digits.replace(/^00/, '')}` : digits;
    out.push({ category: 'PhoneNumber', offset, length: raw.length, confidence, normalized });
  };
  for (const m of text.matchAll(INTERNATIONAL_PHONE)) push(m.index ?? 0, m[0].trimEnd(), 0.9);
  for (const m of text.matchAll(BRACKETED_PHONE)) push(m.index ?? 0, m[0], 0.8);
  // National numbers without a prefix only after a cue ("Tel.", "Telefone", "Phone").
  for (let index = 0; index < text.length; index++) {
    if (!/\d|\(/.test(text.charAt(index)) || /[\d(]/.test(text.charAt(index - 1))) continue;
    if (!PHONE_CUE.test(text.slice(Math.max(0, index - 20), index))) continue;
    const m = NATIONAL_PHONE.exec(text.slice(index, index + 24));
    if (m?.[1]) push(index, m[1].trimEnd(), 0.85);
  }
  return out;
}

function datesOfBirth(text: string): Finding[] {
  return findDates(text)
    .filter((date) => DOB_CUE.test(text.slice(Math.max(0, date.index - 40), date.index)))
    .map((date) => ({
      category: 'DateOfBirth' as const,
      offset: date.index,
      length: date.length,
      confidence: 0.9,
      normalized: date.iso,
    }));
}

/** Capitalised words (with particles such as "da", "van") after a title or a name label. */
function names(text: string): Finding[] {
  const out: Finding[] = [];
  const wordPattern = /\S+/gu;
  const words = [...text.matchAll(wordPattern)].map((m) => ({ text: m[0], index: m.index ?? 0 }));
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as { text: string; index: number };
    const before = text.slice(Math.max(0, word.index - 30), word.index);
    const titled = TITLE.test(before);
    const labelled = NAME_LABEL.test(before);
    if (!titled && !labelled) continue;
    let j = i;
    let last = -1;
    while (j < words.length && j - i < 5) {
      const raw = (words[j] as { text: string }).text;
      const candidate = raw.replace(/[,;:]+$/u, '');
      // "Date:" after a name is the next label; a colon that ends the line ends the name
      // ("Estimado Sr. Carlos García López:").
      if (raw.endsWith(':') && j > i) {
        const after = text.slice((words[j] as { index: number }).index + raw.length);
        if (/^[ \t]*(?:\n|$)/.test(after) && NAME_WORD.test(candidate)) last = j;
        break;
      }
      if (NOT_NAMES.has(candidate.toLowerCase())) break;
      // A line break ends the name.
      if (
        j > i &&
        text
          .slice((words[j - 1] as { index: number; text: string }).index, (words[j] as { index: number }).index)
          .includes('\n')
      )
        break;
      if (NAME_WORD.test(candidate)) last = j;
      else if (!(PARTICLE.test(candidate) && j > i)) break;
      j++;
    }
    if (last < 0) continue;
    const first = words[i] as { index: number };
    const end =
      (words[last] as { index: number; text: string }).index +
      (words[last] as { text: string }).text.replace(/[,;:]+$/u, '').length;
    const wordCount = last - i + 1;
    // One word after a label ("Guest Name: Sanjay") is weaker evidence than a full name after a title.
    const confidence = titled ? (wordCount >= 2 ? 0.85 : 0.7) : wordCount >= 2 ? 0.8 : 0.6;
    out.push({ category: 'PersonName', offset: first.index, length: end - first.index, confidence, normalized: null });
    i = last;
  }
  return out;
}

/** When two findings overlap, the more confident one stays (an IBAN is not also a phone number). */
function dropOverlaps(findings: Finding[]): Finding[] {
  const sorted = [...findings].sort((a, b) => b.confidence - a.confidence || b.length - a.length);
  const kept: Finding[] = [];
  for (const finding of sorted) {
    const clash = kept.some(
      (other) => finding.offset < other.offset + other.length && other.offset < finding.offset + finding.length,
    );
    if (!clash) kept.push(finding);
  }
  return kept.sort((a, b) => a.offset - b.offset);
}
