// Workspaces store languages as ISO 639-1 codes ("en", "pt-PT"); tesseract names its trained data
// with ISO 639-2/T codes ("eng", "por"). Unknown three-letter codes pass through unchanged.
const ISO_639_1_TO_TESSERACT: Record<string, string> = {
  en: 'eng',
  pt: 'por',
  de: 'deu',
  fr: 'fra',
  nl: 'nld',
  es: 'spa',
  it: 'ita',
  pl: 'pol',
  sv: 'swe',
  da: 'dan',
  fi: 'fin',
  nb: 'nor',
  no: 'nor',
  cs: 'ces',
  ro: 'ron',
  hu: 'hun',
  el: 'ell',
  tr: 'tur',
  ru: 'rus',
  uk: 'ukr',
};

export function toTesseractLanguage(code: string): string {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return ISO_639_1_TO_TESSERACT[base] ?? base;
}

export function toTesseractLanguages(codes: readonly string[]): string[] {
  const mapped = codes.map(toTesseractLanguage).filter((code) => /^[a-z_]{3,}$/.test(code));
  return [...new Set(mapped.length > 0 ? mapped : ['eng'])];
}
