/** Escapes text for HTML content and attribute values of the server-rendered pages. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
