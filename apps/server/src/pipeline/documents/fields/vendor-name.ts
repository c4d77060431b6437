// The issuer when no label names it: a company name with a legal form (Ltd, Inc., GmbH, AG, B.V.,
// S.A., Lda …), preferring one printed several times (letterhead and footer) over the customer's
// address block, or else the big title line at the top of the first page.
import { heightOf } from '../geometry.js';
import type { PageText, PositionedWord, TextLine } from '../text/page-text.js';
import { findLabelsInLine } from './find-labels.js';

export interface NameGuess {
  page: PageText;
  offset: number;
  length: number;
  name: string;
  confidence: number;
}

const LEGAL_FORM =
  /(?:,\s*)?(?<![\p{L}])(?:Pvt\.?\s+Ltd\.?|Private\s+Limited|Ltd\.?|Limited|Inc\.?|LLC|L\.L\.C\.|GmbH|AG|B\.V\.|b\.v\.|BV|N\.V\.|n\.v\.|S\.A\.|SAS|SARL|Sarl|S\.à\s?r\.l\.|Lda\.?|Ltda\.?|S\.L\.|S\.L\.U\.|S\.R\.L\.|S\.r\.l\.|S\.p\.A\.|SpA|PLC|plc|Co\.|LTD\.?|LIMITED|INC\.?|GMBH|KG|OHG|UG|e\.K\.|EURL|SASU|s\.r\.o\.|a\.s\.|Sp\.\s?z\s?o\.o\.)(?![\p{L}])/gu;
/** Whether a name carries a company's legal form (GmbH, Ltda., S.A., B.V. …). */
export function hasLegalForm(name: string): boolean {
  LEGAL_FORM.lastIndex = 0;
  return LEGAL_FORM.test(name);
}

// Words that start a document's title but are not names.
const DOCUMENT_WORDS =
  /^(?:invoice|tax|receipt|payment|bill|copy|kopie|factuur|facture|rechnung|fatura|factura|fattura|faktura|recibo|nota|fiscal|retail|invoices\/bill|original|duplicate)$/iu;

// A country on a line of its own ends an address block in letterhead and footer alike; it names no one.
const COUNTRY =
  /^(?:united\s+states(?:\s+of\s+america)?|usa|u\.s\.a\.|united\s+kingdom|uk|great\s+britain|ireland|canada|australia|germany|deutschland|austria|österreich|switzerland|schweiz|suisse|svizzera|france|belgium|belgique|belgië|netherlands|nederland|luxembourg|spain|españa|portugal|brasil|brazil|italy|italia|poland|polska|czech\s+republic|česká\s+republika|mexico|méxico|argentina)$/iu;

/** Company names with a legal form, with how often each appears in the document. */
export function companyNameGuesses(pages: readonly PageText[], exclude: ReadonlySet<string>): NameGuess[] {
  const byName = new Map<string, NameGuess & { count: number }>();
  for (const page of pages) {
    for (const line of page.lines) {
      const text = page.text.slice(line.span.offset, line.span.offset + line.span.length);
      LEGAL_FORM.lastIndex = 0;
      for (let m = LEGAL_FORM.exec(text); m; m = LEGAL_FORM.exec(text)) {
        // Only the legal form's own block: "Invoice Date ……… ACME LTD" is two columns.
        const block = lineBlocks(line).find((words) =>
          words.some((word) => word.span.offset + word.span.length > line.span.offset + m.index),
        );
        const blockStart = block ? Math.min((block[0] as PositionedWord).span.offset - line.span.offset, m.index) : 0;
        const before = text.slice(blockStart, m.index);
        // Walk back over the name's words: capitalised or all-caps words, connectors, up to 5.
        const words = before.split(/(?<=\s)/u);
        let start = before.length;
        let taken = 0;
        for (let index = words.length - 1; index >= 0 && taken < 5; index--) {
          const word = (words[index] as string).trim();
          if (DOCUMENT_WORDS.test(word.replace(/[.:]+$/u, ''))) break;
          // A web address is a name too ("circle.com b.v."), lower case or not.
          const domain = /^[\p{L}\p{N}-]+\.(?:com|net|org|io|eu|de|nl|fr|es|pt|it|be|ch|at|co|uk)$/iu.test(word);
          if (!domain && !/^(?:[\p{Lu}\p{N}][\p{L}\p{N}&'.-]*|&|e-[\p{L}]+|de|van|der)$/u.test(word)) break;
          start -= (words[index] as string).length;
          taken++;
        }
        if (taken === 0) continue;
        start += blockStart;
        const name = text.slice(start, m.index + m[0].length).trim();
        const key = name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
        if (exclude.has(key)) continue;
        const existing = byName.get(key);
        if (existing) {
          existing.count++;
          continue;
        }
        const offset = line.span.offset + text.indexOf(name, start);
        const nearEdge = line.edges.top < page.pageSize.height * 0.3 || line.edges.top > page.pageSize.height * 0.75;
        byName.set(key, { page, offset, length: name.length, name, confidence: nearEdge ? 0.6 : 0.5, count: 1 });
      }
    }
  }
  return [...byName.values()]
    .map((guess) => ({ ...guess, confidence: Math.min(0.8, guess.confidence + 0.1 * (guess.count - 1)) }))
    .sort((a, b) => b.confidence - a.confidence || a.page.pageNumber - b.page.pageNumber);
}

const lineText = (page: PageText, line: PageText['lines'][number]) =>
  page.text.slice(line.span.offset, line.span.offset + line.span.length);

// A name line: a few words with letters, no digits, no e-mail or web address.
const NAME_LINE = /^(?=.*\p{L}{2})[\p{Lu}\p{Lt}][^\d@/|]{2,60}$/u;

/**
 * The sender line printed above the recipient's address in the window of a letter-style invoice
 * (DIN 5008 and its French, Dutch … equivalents): "Acme GmbH | Europa-Allee 1 | 60486 Frankfurt".
 * Its first part is the issuer; what stands under it is the buyer's address.
 */
export function senderLineGuess(page: PageText | undefined): NameGuess | null {
  if (!page) return null;
  for (const line of page.lines) {
    if (line.edges.top > page.pageSize.height * 0.4) break;
    const text = lineText(page, line);
    // OCR reads the separating bullet as "«", "»" or "*" too.
    const parts = text.split(/\s+[|·•«»*]\s+/u);
    if (parts.length < 3 || !parts.slice(1).some((part) => /\d/u.test(part))) continue;
    const name = (parts[0] as string).trim().replace(/[,;]+$/u, '');
    if (!/\p{L}{2}/u.test(name) || name.split(/\s+/u).length > 6) continue;
    return { page, offset: line.span.offset + text.indexOf(name), length: name.length, name, confidence: 0.75 };
  }
  return null;
}

/**
 * A name line printed both in the letterhead (top 40%) and in the footer (bottom 25%) of the
 * first page: issuers repeat their name there, buyers do not.
 */
export function repeatedNameGuess(page: PageText | undefined): NameGuess | null {
  if (!page) return null;
  const height = page.pageSize.height;
  const top = page.lines.filter((line) => line.edges.top < height * 0.4);
  const footer = page.lines.filter((line) => line.edges.top > height * 0.75);
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const footerNames = new Set(footer.map((line) => key(lineText(page, line))));
  for (const line of top) {
    const text = lineText(page, line).trim();
    if (!NAME_LINE.test(text) || text.split(/\s+/u).length > 6 || findLabelsInLine(page, line).length > 0) continue;
    if (DOCUMENT_WORDS.test(text) || COUNTRY.test(text) || !footerNames.has(key(text))) continue;
    return { page, offset: line.span.offset, length: lineText(page, line).length, name: text, confidence: 0.7 };
  }
  return null;
}

/**
 * The first name-like block of the first page's top fifth, tallest line first (letterheads are
 * big): a line's blocks are its runs of words split by column gaps, so "Acme Consulting …… INVOICE"
 * gives the name without the title. A block that carries a field label is skipped; document words
 * ("Invoice") before the name are skipped, and the name ends at a word with a colon, a digit, an
 * e-mail or a web path ("Acme GmbH Tel: +49 …" gives "Acme GmbH").
 */
export function titleNameGuess(page: PageText | undefined): NameGuess | null {
  if (!page) return null;
  // Lines that start in the top fifth (a tall letterhead may reach below it).
  const top = page.lines.filter((line) => line.edges.top < page.pageSize.height * 0.2);
  const byHeight = [...top].sort(
    (a, b) => Math.round(heightOf(b.edges)) - Math.round(heightOf(a.edges)) || a.index - b.index,
  );
  for (const line of byHeight) {
    const hits = findLabelsInLine(page, line);
    for (const block of lineBlocks(line)) {
      const labelled = hits.some((hit) =>
        block.some(
          (word) => word.span.offset < hit.offset + hit.length && hit.offset < word.span.offset + word.span.length,
        ),
      );
      if (labelled) continue;
      const nameWords = nameRun(block);
      const first = nameWords[0];
      const last = nameWords.at(-1);
      if (!first || !last || !/\p{L}{2}/u.test(first.text)) continue;
      const offset = first.span.offset;
      const length = last.span.offset + last.span.length - offset - (/,$/u.test(last.text) ? 1 : 0);
      return { page, offset, length, name: page.text.slice(offset, offset + length), confidence: 0.35 };
    }
  }
  return null;
}

/** Up to five words of a name: leading document words skipped, ended by a label-like word. */
function nameRun(block: readonly PositionedWord[]): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (const word of block) {
    const bare = word.text.replace(/[.:]+$/u, '');
    if (out.length === 0 && DOCUMENT_WORDS.test(bare)) continue;
    if (/[@/]|\d/u.test(word.text) || (/:$/u.test(word.text) && out.length > 0)) break;
    if (/:$/u.test(word.text)) return [];
    out.push(word);
    // "Maison Jeanne d'Arc, Place de Gaulle": the address follows the name's comma.
    if (out.length === 5 || /,$/u.test(word.text)) break;
  }
  return out;
}

/** A line's runs of words, split where the gap between two words is a column gap. */
export function lineBlocks(line: TextLine): PositionedWord[][] {
  const blocks: PositionedWord[][] = [];
  let current: PositionedWord[] = [];
  for (const word of line.words) {
    const previous = current.at(-1);
    // Measured in the smaller word's height: a big title on the same line does not widen the gap.
    const height = previous ? Math.max(Math.min(heightOf(previous.edges), heightOf(word.edges)), 1e-6) : 1;
    if (previous && word.edges.left - previous.edges.right > BLOCK_GAP * height) {
      blocks.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

/** A gap wider than this many word heights ends a block. */
const BLOCK_GAP = 2;

// "Make all checks payable to Acme Ltd", "Bitte überweisen … Kontoinhaber: Acme GmbH", "à l'ordre
// de Acme SARL": the payee the page names is the seller.
const PAYEE =
  /(?<![\p{L}])(?:(?:checks?|cheques?)\s+(?:\w+\s+)?payable\s+to|payable\s+to|pay\s+to\s+the\s+order\s+of|account\s+(?:name|holder)\s*:?|beneficiary\s*:|kontoinhaber(?:in)?\s*:?|empf[äa]nger\s*:|zahlungsempf[äa]nger\s*:?|(?:ch[èe]que|paiement)s?\s+[àa]\s+l.ordre\s+de|[àa]\s+l.ordre\s+de|titular(?:\s+da\s+conta)?\s*:|rekeninghouder\s*:?|ten\s+name\s+van|a\s+nombre\s+de|intestat[oa]\s+a)\s*/giu;

/** The payee a payment line names ("checks payable to …"), the issuer of a bill. */
export function payeeGuess(pages: readonly PageText[]): NameGuess | null {
  for (const page of pages) {
    for (const line of page.lines) {
      const text = lineText(page, line);
      PAYEE.lastIndex = 0;
      const m = PAYEE.exec(text);
      if (!m) continue;
      const after = text.slice(m.index + m[0].length);
      const name =
        /^[\p{Lu}\p{N}][\p{L}\p{N}&'’.,-]*(?:\s+(?:[\p{Lu}\p{N}&][\p{L}\p{N}&'’.-]*|de|du|van|der|e|et|and|und|y))*/u
          .exec(after)?.[0]
          ?.replace(/[.,]+$/u, '');
      if (!name || !/\p{L}{2}/u.test(name) || name.split(/\s+/u).length > 6) continue;
      const offset = line.span.offset + m.index + m[0].length;
      return { page, offset, length: name.length, name, confidence: 0.72 };
    }
  }
  return null;
}
