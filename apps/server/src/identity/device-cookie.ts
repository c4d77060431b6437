// A cookie that marks the browser a person signed in from: the sign-in throttle lets the owner's
// own device through while strangers' guesses slow the account down. It proves nothing else (it
// never signs anyone in); it is an HMAC over the user id and its issue time with the server's
// cookie key, so it cannot be made for another account.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'reviewdesk.device';
const VALID_DAYS = 180;

function mac(key: string, userId: string, issued: string): string {
  return createHmac('sha256', key).update(`device|${userId}|${issued}`).digest('base64url');
}

export function deviceCookie(key: string, userId: string, secure: boolean, now = Date.now()): string {
  const issued = String(Math.floor(now / 1000));
  const value = `${Buffer.from(userId).toString('base64url')}.${issued}.${mac(key, userId, issued)}`;
  return `${DEVICE_COOKIE}=${value}; Path=/Identity/; Max-Age=${VALID_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether the Cookie header carries a valid device cookie of `userId`. */
export function isOwnDevice(key: string, cookieHeader: string | undefined, userId: string, now = Date.now()): boolean {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const [encodedUser = '', issued = '', signature = ''] = part
      .slice(eq + 1)
      .trim()
      .split('.');
    if (Buffer.from(encodedUser, 'base64url').toString() !== userId) continue;
    const age = now / 1000 - Number(issued);
    if (!Number.isFinite(age) || age < 0 || age > VALID_DAYS * 86_400) continue;
    const expected = Buffer.from(mac(key, userId, issued));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
  }
  return false;
}
