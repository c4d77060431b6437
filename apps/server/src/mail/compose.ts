// One shape for every message the product sends: a plain-text body and the same text as simple
// HTML, with the link as a link. Texts are filled from `{name}` placeholders, and everything put
// into the HTML is escaped (names and addresses are typed by people).
import type { MailMessage } from './mailer.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `{key}` placeholders replaced by their values. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A message of paragraphs; a paragraph equal to `link` (or one of them) becomes a link in the HTML part. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: string | readonly string[],
): MailMessage {
  const links: readonly (string | undefined)[] = typeof link === 'string' || link === undefined ? [link] : link;
  const html = paragraphs
    .map((p) =>
      links.includes(p)
        ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html };
}
