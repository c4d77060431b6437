// The licence vendor's public key: activation codes are signed with the vendor's Ed25519 private
// key, which never reaches a server, so a server verifies codes offline and nobody holding only a
// server can issue one. The demo key pair exists so the demo and the tests can issue codes
// (`pnpm run licence:issue`); a server without demo data trusts it only when told to.
import { createPublicKey, type KeyObject } from 'node:crypto';

/** Public half of the demo vendor key (its private half is in scripts/demo-licence-vendor.ts). */
export const DEMO_VENDOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEA1bI+buh1/jYK84vxNR8qbqeXFhrOJasAsh3XLHh06+M=
-----END PUBLIC KEY-----
`;

/**
 * An Ed25519 public key from configuration: PEM (SPKI), or the 32 raw bytes in base64/base64url.
 * Anything else throws, so a typo stops the server instead of refusing every code later.
 */
export function parseVendorPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      key = createPublicKey(trimmed);
    } else {
      const raw = Buffer.from(trimmed, 'base64url');
      if (raw.length !== 32) throw new Error('not 32 bytes');
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    }
  } catch {
    throw new Error('LICENCE_PUBLIC_KEY must be an Ed25519 public key (PEM, or its 32 bytes in base64).');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`LICENCE_PUBLIC_KEY must be an Ed25519 public key, not ${key.asymmetricKeyType}.`);
  }
  return key;
}
