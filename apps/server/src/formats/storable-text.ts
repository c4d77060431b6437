// What PostgreSQL cannot store in text and jsonb: NUL (U+0000). With it, UTF-16 surrogates without
// their pair, which are no character at all: UTF-8 cannot encode them, so the driver would send
// U+FFFD in their place and silently change the value. Requests carrying either are refused
// (contract/validators.ts); text the engines extract from files is cleaned of them instead.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** Whether the text holds NUL or an unpaired surrogate. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** The text without NUL and unpaired surrogates. */
export function withoutUnstorableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '');
}
