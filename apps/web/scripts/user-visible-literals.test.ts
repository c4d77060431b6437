// Every text a person reads goes through i18n in all five languages (STYLE.md #15): this scan of
// the app's and the packages' sources (TypeScript compiler API, not regular expressions, so
// comments, type names and `t('key')` arguments are never mistaken for texts) fails on JSX text
// and on literals given to attributes a person reads or hears (aria-label, title, placeholder,
// alt, label…). Tests, stories and test helpers are left out: they are not shown to anyone.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../../..');

/** The attributes whose value a person reads or hears. */
const USER_VISIBLE_ATTRIBUTE =
  /^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|title|placeholder|alt|label|[a-z][A-Za-z]*Label)$/;

/** The same names as properties of the objects components take (menu items, tabs, options). */
const USER_VISIBLE_PROPERTY = /^(aria-label|ariaLabel|title|placeholder|alt|label|[a-z][A-Za-z]*Label)$/;

/** A text worth translating has a letter; "·", "—", "×", "/" and numbers are not words. */
const WORDS = /\p{L}/u;

const isText = (text: string) => WORDS.test(text) && !TRANSLATION_KEY.test(text.trim());

/** A translation key handed on to `t` later (`menu.taskList`), not a text. */
const TRANSLATION_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

function isTestOnly(name: string): boolean {
  return /\.(test|spec|stories|test-d)\.tsx?$/.test(name) || /^(test|story)-fixtures\.tsx?$/.test(name);
}

/**
 * The translation files themselves: `i18n/en.ts`, `i18n/locales/en.ts`, `i18n/locales/server/en.ts`,
 * a module's own namespace beside it (`profile/locales/en.ts`, `template-fields/locales/en.ts`),
 * and the English defaults of a component's `messages` prop (`pages/messages.ts`: the page engine
 * stays free of i18next; the viewer always passes its translated texts).
 */
function isTranslations(path: string): boolean {
  return (
    /[/\\]i18n[/\\](locales[/\\]([\w-]+[/\\])?)?[a-z]{2}\.ts$/.test(path) ||
    /[/\\]locales[/\\][a-z]{2}\.ts$/.test(path) ||
    /[/\\]pages[/\\]messages\.ts$/.test(path)
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'test', 'testing', '__tests__', 'stories', 'generated'].includes(entry.name)
        ? []
        : sources(path);
    }
    const source = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    return source && !isTestOnly(entry.name) && !isTranslations(path) ? [path] : [];
  });
}

/** The literal texts an attribute's value can evaluate to (not the arguments of calls: `t('key')`). */
function literalTexts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) {
    return node.expression ? literalTexts(node.expression) : [];
  }
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literalTexts(node.left), ...literalTexts(node.right)];
  return [];
}

/** `file:line: text` for each user-visible literal of one source file. */
function userVisibleLiterals(file: string, code = readFileSync(file, 'utf8')): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(repo, file)}:${line + 1}: ${text.trim().replace(/\s+/g, ' ')}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer && USER_VISIBLE_ATTRIBUTE.test(node.name.getText(source))) {
      for (const text of literalTexts(node.initializer)) if (isText(text)) report(node, text);
    }
    // The same props given as objects: `{ id: 'view', label: 'View' }` for a menu or tabs.
    if (ts.isPropertyAssignment(node) && USER_VISIBLE_PROPERTY.test(node.name.getText(source).replace(/['"]/g, ''))) {
      for (const text of literalTexts(node.initializer)) if (isText(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const workspaces = [
  'apps/web',
  ...readdirSync(join(repo, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}`),
];

describe('user-visible literals outside the translation files', () => {
  it('the scan finds JSX text and user-visible attributes, and nothing else', () => {
    const code = [
      'const a = <p title="Close">Hello <b>{t("greeting")}</b> · 3</p>;',
      'const b = <input placeholder={busy ? "Saving…" : t("save")} aria-label={t("name")} />;',
      'const c = <img alt={`Photo of $' + '{name}`} data-testid="photo.main" className="rd-photo" />;',
      "const d = [{ id: 'view', label: 'View' }, { id: 'edit', label: 'menu.edit', title: t('edit') }];",
      '// <p>A comment</p>',
    ].join('\n');
    const found = userVisibleLiterals(join(repo, 'apps/web/src/example.tsx'), code).map((line) =>
      line.replace(/^.*?:\d+: /, ''),
    );
    expect(found).toEqual(['Close', 'Hello', 'Saving…', 'Photo of', 'View']);
  });

  it.each(workspaces)('%s shows none', (workspace) => {
    const files = sources(join(repo, workspace, 'src'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((file) => userVisibleLiterals(file))).toEqual([]);
  });
});
