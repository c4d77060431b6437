// Word accuracy = 1 − word error rate (substitutions + insertions + deletions over the reference
// word count), on lower-cased words stripped of surrounding punctuation. Used by tests and the
// benchmark to compare engine output with ground truth.

export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/gu, "'")
    .replace(/[\u201c\u201d]/gu, '"')
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

export function wordErrorCount(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = (previous[j - 1] as number) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length] as number;
}

export function wordAccuracy(referenceText: string, hypothesisText: string): number {
  const reference = normaliseWords(referenceText);
  if (reference.length === 0) return normaliseWords(hypothesisText).length === 0 ? 1 : 0;
  const errors = wordErrorCount(reference, normaliseWords(hypothesisText));
  return Math.max(0, 1 - errors / reference.length);
}
