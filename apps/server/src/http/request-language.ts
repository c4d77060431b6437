// Which of the five cultures a call's output speaks (spec §9) — a mail, a Word export's headings:
// the language the call asks for, else the app's culture cookie (what the person sees on screen),
// else the account's own language, else the browser's Accept-Language, else Portuguese.
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, languageOfTag } from '../formats/cultures.js';
import { languageOfAcceptLanguage, languageOfCookie } from '../identity/culture.js';

export function requestLanguage(
  request: Pick<FastifyRequest, 'headers'>,
  { asked, account }: { asked?: string | null; account?: string | null } = {},
): Language {
  return (
    languageOfTag(asked) ??
    languageOfCookie(request.headers.cookie) ??
    languageOfTag(account) ??
    languageOfAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}
