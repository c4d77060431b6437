// The tests that failed, from vitest's JSON reports, as a few lines for the very end of `npm test`:
// a CI log is often read from its tail, and vitest's own account of a failure may be thousands of
// lines above it (the second vitest process's output and the static checks' are printed after).
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of a failure's message that says something (not blank, not a bare stack frame). */
function firstLine(message = '') {
  const stripped = stripVTControlCharacters(message);
  return (
    stripped
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line && !line.startsWith('at ')) ?? ''
  );
}

/**
 * Each failure of parsed JSON reports (test-timings.mjs `readReports`): `{ file, test, message }`,
 * `test` empty for a file's own error.
 */
export function failedTests(reports, root) {
  return reports.flatMap((report) =>
    report.testResults.flatMap((result) => {
      const file = relative(root, result.name);
      const tests = (result.assertionResults ?? [])
        .filter(({ status }) => status === 'failed')
        .map(({ fullName, failureMessages }) => ({ file, test: fullName, message: firstLine(failureMessages?.[0]) }));
      // A file can fail without a failing test: it did not load, or a hook or an unhandled error failed it.
      if (tests.length === 0 && result.status === 'failed')
        return [{ file, test: '', message: firstLine(result.message) }];
      return tests;
    }),
  );
}

/** Lines naming every failure (at most `limit`), or none when everything passed. */
export function failureSummary(reports, root, { limit = 20, width = 160 } = {}) {
  const failures = failedTests(reports, root);
  if (failures.length === 0) return [];
  const clip = (text) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
  const lines = [`Failed (${failures.length}; vitest's account of each is above):`];
  for (const { file, test, message } of failures.slice(0, limit)) {
    lines.push(clip(`  ✗ ${file}${test ? ` › ${test}` : ' (the file itself)'}`));
    if (message) lines.push(clip(`      ${message}`));
  }
  if (failures.length > limit) lines.push(`  … and ${failures.length - limit} more`);
  return lines;
}
