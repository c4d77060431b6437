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

/** Minimum rules for a new password; returns the problems in words (IdentityResult errors). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('Passwords must be at least 8 characters.');
  if (!/[a-z]/.test(password)) problems.push('Passwords must have at least one lowercase letter.');
  if (!/[A-Z]/.test(password)) problems.push('Passwords must have at least one uppercase letter.');
  if (!/\d/.test(password)) problems.push('Passwords must have at least one digit.');
  return problems;
}
