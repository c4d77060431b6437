// Password hashing with node:crypto scrypt (no native add-on to build). The stored form names its
// parameters so they can be raised later without invalidating existing hashes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST, BLOCK_SIZE, PARALLELISM);
  return `scrypt$${COST}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !expected) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  const wanted = Buffer.from(expected, 'base64');
  return wanted.length === key.length && timingSafeEqual(wanted, key);
}

/** The minimum rules for a new password, by name (the identity pages translate them). */
export type PasswordRule = 'tooShort' | 'needsLower' | 'needsUpper' | 'needsDigit';

const RULE_MESSAGES: Readonly<Record<PasswordRule, string>> = {
  tooShort: 'Passwords must be at least 8 characters.',
  needsLower: 'Passwords must have at least one lowercase letter.',
  needsUpper: 'Passwords must have at least one uppercase letter.',
  needsDigit: 'Passwords must have at least one digit.',
};

export function brokenPasswordRules(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < 8) broken.push('tooShort');
  if (!/[a-z]/.test(password)) broken.push('needsLower');
  if (!/[A-Z]/.test(password)) broken.push('needsUpper');
  if (!/\d/.test(password)) broken.push('needsDigit');
  return broken;
}

/** The broken rules in words (IdentityResult errors of the API). */
export function passwordProblems(password: string): string[] {
  return brokenPasswordRules(password).map((rule) => RULE_MESSAGES[rule]);
}
