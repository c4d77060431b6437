// Precision and recall of PII detection on a labelled set: a finding counts when its category and
// its text (spaces aside) are a labelled item's; each labelled item is matched at most once. With a
// category, only the labels and findings of that category are scored. Without lexicons, the texts'
// languages are not given, so names are found only after a title or a label (what the lexicons add).
import type { LabelledText } from '../testing/labelled-pii.js';
import { syntheticPage } from '../testing/synthetic-page.js';
import { detectPii, type PiiCategory } from './detect-pii.js';

export interface PiiScore {
  truePositives: number;
  found: number;
  expected: number;
  precision: number;
  recall: number;
  /** Labelled items not found, and findings not labelled. */
  missed: string[];
  spurious: string[];
}

const key = (category: string, value: string) => `${category}:${value.replace(/\s+/g, '')}`;

export interface ScoreOptions {
  category?: PiiCategory;
  /** False to leave out the person-name lexicons of the texts' languages. */
  lexicons?: boolean;
}

export function scorePii(set: readonly LabelledText[], { category, lexicons = true }: ScoreOptions = {}): PiiScore {
  let truePositives = 0;
  let found = 0;
  let expected = 0;
  const missed: string[] = [];
  const spurious: string[] = [];
  for (const item of set) {
    const labels = item.expected.filter(([labelled]) => !category || labelled === category);
    const remaining = labels.map(([labelled, value]) => key(labelled, value));
    expected += remaining.length;
    for (const entity of detectPii(syntheticPage(item.text), lexicons ? [item.language] : [])) {
      if (category && entity.category !== category) continue;
      found++;
      const k = key(entity.category, entity.keyValues[0]?.content ?? '');
      const at = remaining.indexOf(k);
      if (at >= 0) {
        truePositives++;
        remaining.splice(at, 1);
      } else spurious.push(`${item.language} ${k}`);
    }
    missed.push(...remaining.map((k) => `${item.language} ${k}`));
  }
  return {
    truePositives,
    found,
    expected,
    precision: found === 0 ? 1 : truePositives / found,
    recall: expected === 0 ? 1 : truePositives / expected,
    missed,
    spurious,
  };
}
