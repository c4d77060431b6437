// A tiny browser for the sign-in tests: fetch with a cookie jar and manual redirects, so each
// hop of the OpenID Connect flow can be followed and checked.
import { createHash, randomBytes } from 'node:crypto';

export class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves `origin` or a page answers; returns the last response and URL. */
  async follow(url: string, origin: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).toString();
      if (!current.startsWith(origin) || current.includes('/authentication/')) return { response, url: current };
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** The `uid` of the login form on a sign-in page. */
export function formUid(html: string): string {
  const match = /name="uid" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no login form in:\n${html.slice(0, 500)}`);
  return match[1];
}
