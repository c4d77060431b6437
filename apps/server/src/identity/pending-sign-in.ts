// Between the two steps of a sign-in with two-factor authentication, the browser carries a signed
// proof that the password was right: an HMAC with the server's cookie key over the interaction,
// the address typed, the account and an end time five minutes on. Nothing is kept on the server,
// any replica checks it, and it is no use for another interaction, account or address — or once
// the interaction itself has ended.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VALID_SECONDS = 5 * 60;

function mac(key: string, uid: string, email: string, userId: string, until: string): string {
  return createHmac('sha256', key)
    .update(`password-passed|${uid}|${email.trim().toLowerCase()}|${userId}|${until}`)
    .digest('base64url');
}

export function signPassedPassword(key: string, uid: string, email: string, userId: string, now = Date.now()): string {
  const until = String(Math.floor(now / 1000) + VALID_SECONDS);
  return `${userId}.${until}.${mac(key, uid, email, userId, until)}`;
}

/** The account whose password passed, when `proof` is valid for this interaction and address. */
export function passedPassword(key: string, proof: string, uid: string, email: string, now = Date.now()) {
  const [userId = '', until = '', signature = ''] = proof.split('.');
  if (!userId || !(Number(until) >= now / 1000)) return undefined;
  const expected = Buffer.from(mac(key, uid, email, userId, until));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}
