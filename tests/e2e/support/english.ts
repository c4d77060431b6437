/**
 * Finds English on a screen that should speak another language: every visible text line is
 * compared with the English strings of the app's translation tables (web, ui with the server's
 * messages, task-list, document-viewer) that read differently in the target language. Only the
 * product's own words count: the document's pages (its text layer) and what the workspace was
 * configured with (field names, values) are the customer's, in whatever language they wrote them.
 */
import type { Page } from 'playwright-core';
import { de as webDe } from '../../../apps/web/src/i18n/locales/de.ts';
import { en as webEn } from '../../../apps/web/src/i18n/locales/en.ts';
import { de as viewerDe } from '../../../packages/document-viewer/src/i18n/locales/de.ts';
import { en as viewerEn } from '../../../packages/document-viewer/src/i18n/locales/en.ts';
import { de as listDe } from '../../../packages/task-list/src/i18n/locales/de.ts';
import { en as listEn } from '../../../packages/task-list/src/i18n/locales/en.ts';
import { de as uiDe } from '../../../packages/ui/src/i18n/locales/de.ts';
import { en as uiEn } from '../../../packages/ui/src/i18n/locales/en.ts';

type Table = { readonly [key: string]: string | Table };

/** Sentences the server writes in English that must only ever reach a person as a detail. */
const SERVER_ENGLISH = ['An unexpected server error occurred.', 'This link is invalid', 'Not available on this server'];

function pairs(en: Table, other: Table, path = ''): [string, string, string][] {
  return Object.entries(en).flatMap(([key, value]) => {
    const translated = other[key];
    if (typeof value === 'string') return typeof translated === 'string' ? [[`${path}${key}`, value, translated]] : [];
    return translated && typeof translated !== 'string' ? pairs(value, translated, `${path}${key}.`) : [];
  });
}

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One English string as a whole-line pattern; `{{name}}` stands for any text. */
function linePattern(text: string): RegExp {
  return new RegExp(
    `^${text
      .split(/\{\{[^}]+\}\}/)
      .map(escapePattern)
      .join('.+?')}$`,
  );
}

/**
 * The English strings that differ in German, as patterns. Short ones (a unit, "PDF", "OK") and
 * those that are only a placeholder say nothing about the language and are left out.
 */
function englishPatterns(): { key: string; pattern: RegExp }[] {
  const tables: [Table, Table][] = [
    [webEn, webDe],
    [uiEn as Table, uiDe as Table],
    [listEn, listDe as Table],
    [viewerEn, viewerDe as Table],
  ];
  const found = tables.flatMap(([en, other]) => pairs(en, other));
  return [
    ...found
      .filter(
        ([, en, translated]) =>
          en !== translated && en.replace(/\{\{[^}]+\}\}/g, '').replace(/[^A-Za-z]/g, '').length >= 4,
      )
      .map(([key, en]) => ({ key, pattern: linePattern(en) })),
    ...SERVER_ENGLISH.map((text) => ({ key: 'server', pattern: new RegExp(escapePattern(text)) })),
  ];
}

const PATTERNS = englishPatterns();

/** The visible text lines of the page outside the document's pages and the workspace's own words. */
export function visibleProductText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The document's pages; the workspace's field names (the heading's own text) and table columns.
    const skip = '.rd-page, .rd-viewer-table thead, script, style';
    const configured = '.rd-viewer-panel__field-name';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest(skip) || parent.matches(configured)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      lines.push(text);
    }
    return lines;
  });
}

/** Visible lines that are English strings of the product (`key: line`); empty when none. */
export async function englishOnScreen(page: Page): Promise<string[]> {
  const lines = await visibleProductText(page);
  return lines.flatMap((line) =>
    PATTERNS.filter(({ pattern }) => pattern.test(line)).map(({ key }) => `${key}: ${line}`),
  );
}
