// The language of a page from a first OCR pass, so the second pass reads it with the right
// trained data (umlauts, accents, the language's own words). Short function words and the
// vocabulary of bills decide: they survive OCR noise and are few enough to list by hand.

/** Words that are frequent in one language and rare in the others (lower case). */
const MARKERS: Record<string, readonly string[]> = {
  en: [
    'the',
    'and',
    'of',
    'to',
    'for',
    'invoice',
    'total',
    'date',
    'amount',
    'due',
    'bill',
    'thank',
    'you',
    'with',
    'your',
    'tax',
    'paid',
    'receipt',
  ],
  de: [
    'und',
    'der',
    'die',
    'das',
    'mit',
    'für',
    'rechnung',
    'betrag',
    'summe',
    'datum',
    'bitte',
    'mwst',
    'ust',
    'gesamt',
    'zu',
    'von',
    'bar',
    'zurück',
    'eur',
  ],
  fr: [
    'le',
    'la',
    'les',
    'des',
    'du',
    'et',
    'pour',
    'facture',
    'montant',
    'total',
    'ttc',
    'tva',
    'date',
    'reçu',
    'vous',
    'votre',
    'à',
    'payer',
    'prix',
  ],
  es: [
    'el',
    'la',
    'los',
    'las',
    'del',
    'y',
    'para',
    'factura',
    'importe',
    'fecha',
    'iva',
    'total',
    'con',
    'por',
    'cliente',
    'pago',
  ],
  it: ['il', 'la', 'di', 'del', 'della', 'e', 'per', 'fattura', 'importo', 'data', 'iva', 'totale', 'con', 'pagamento'],
  nl: ['de', 'het', 'een', 'en', 'van', 'voor', 'factuur', 'bedrag', 'datum', 'btw', 'totaal', 'met', 'betaald', 'u'],
  pt: [
    'o',
    'a',
    'os',
    'as',
    'do',
    'da',
    'de',
    'e',
    'para',
    'fatura',
    'valor',
    'data',
    'iva',
    'total',
    'nota',
    'não',
    'pagamento',
  ],
};

/** Fewer marker words than this say nothing. */
const MIN_MARKERS = 4;

/**
 * The ISO 639-1 code of the language whose marker words are most frequent among the page's words,
 * or null when too few words say anything. A word listed for several languages counts for each.
 */
export function detectLanguage(words: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const raw of words) {
    const word = raw.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    if (word === '') continue;
    for (const [language, markers] of Object.entries(MARKERS)) {
      if (markers.includes(word)) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < MIN_MARKERS) return null;
  // A tie is no decision.
  if (second && second[1] === best[1]) return null;
  return best[0];
}
