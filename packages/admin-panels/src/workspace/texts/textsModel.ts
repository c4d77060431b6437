/**
 * The rules of the predefined-texts draft: what the server refuses (an empty text — product-spec
 * §3, WorkspaceConfigError 10), said per row before saving, plus a text written twice (which would
 * only offer the reviewer the same choice twice), and which rows differ from the saved list.
 */
export interface TextItem {
  id: string;
  text: string;
}

/** Row id → what is wrong with it (a key of `workspace.texts.problems`). */
export type Problem = 'empty' | 'duplicate';
export type Problems = Map<string, Problem>;

export function textProblems(draft: readonly TextItem[]): Problems {
  const problems: Problems = new Map();
  const seen = new Set<string>();
  for (const item of draft) {
    const text = item.text.trim();
    if (!text) problems.set(item.id, 'empty');
    else if (seen.has(text.toLocaleLowerCase())) problems.set(item.id, 'duplicate');
    seen.add(text.toLocaleLowerCase());
  }
  return problems;
}

/** Rows that are new or changed since the last save (the "unsaved" flag of product-spec §4). */
export function unsavedIds(draft: readonly TextItem[], saved: readonly TextItem[]): Set<string> {
  const before = new Map(saved.map((item) => [item.id, item.text]));
  return new Set(draft.filter((item) => before.get(item.id) !== item.text).map((item) => item.id));
}

/** Same texts in the same order. */
export const sameList = (a: readonly TextItem[], b: readonly TextItem[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]?.id && item.text === b[i]?.text);
