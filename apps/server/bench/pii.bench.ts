// PII detection benchmark: precision and recall on the labelled set in five languages
// (src/pipeline/documents/testing/labelled-pii.ts), overall, per language and per category, and
// person names per language with and without the languages' lexicons (compromise and its French,
// Spanish and German siblings; Portuguese has none).
// Prints what it measures; the thresholds are in pii-precision.test.ts.
//
//   cd apps/server && pnpm exec tsx bench/pii.bench.ts
import type { PiiCategory } from '../src/pipeline/documents/pii/detect-pii.js';
import { lexiconNames } from '../src/pipeline/documents/pii/person-names.js';
import { scorePii } from '../src/pipeline/documents/pii/pii-precision.js';
import { LABELLED_PII } from '../src/pipeline/documents/testing/labelled-pii.js';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const row = (label: string, set: typeof LABELLED_PII, category?: PiiCategory, lexicons = true) => {
  const score = scorePii(set, { category, lexicons });
  console.log(
    `${label.padEnd(14)} ${String(score.expected).padStart(4)} labelled ${String(score.found).padStart(4)} found  precision ${percent(score.precision).padStart(6)}  recall ${percent(score.recall).padStart(6)}`,
  );
  return score;
};

const all = row('all', LABELLED_PII);
for (const language of ['pt', 'en', 'de', 'fr', 'es'] as const) {
  row(
    language,
    LABELLED_PII.filter((item) => item.language === language),
  );
}
const categories = [...new Set(LABELLED_PII.flatMap((item) => item.expected.map(([category]) => category)))];
for (const category of categories) {
  row(category, LABELLED_PII, category);
}
const languages = ['pt', 'en', 'de', 'fr', 'es'] as const;
for (const language of languages) {
  const set = LABELLED_PII.filter((item) => item.language === language);
  row(`names ${language}`, set, 'PersonName');
  row(`  cues only`, set, 'PersonName', false);
}
if (all.missed.length > 0) console.log(`missed: ${all.missed.join(', ')}`);
if (all.spurious.length > 0) console.log(`spurious: ${all.spurious.join(', ')}`);

// The lexicons' time on a dense page: 50 lines of running text, ~4,900 characters.
const line = 'The contract was signed by Robert Miller on behalf of Northwind Traders Ltd in London on 3 March.';
const page = Array.from({ length: 50 }, () => line).join('\n');
for (const language of ['en', 'fr', 'es', 'de']) {
  lexiconNames(page, [language]);
  const started = performance.now();
  for (let i = 0; i < 10; i++) lexiconNames(page, [language]);
  console.log(
    `names ${language} ${((performance.now() - started) / 10).toFixed(0)} ms a ${page.length}-character page`,
  );
}
