// The server fetches from addresses that people configure (a URL to import, a file-sharing
// connection), so it must not become a proxy into its own network: private, loopback and
// link-local addresses are refused unless URL_IMPORT_ALLOW_PRIVATE=true (a closed installation
// whose file server is on the local network, or the tests).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return PRIVATE_V4.some((r) => r.test(address));
  const a = address.toLowerCase();
  if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
  return a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80');
}

/** Throws when the URL's host resolves into the server's own network (unless URL_IMPORT_ALLOW_PRIVATE=true). */
export async function assertPublicHost(url: URL): Promise<void> {
  if (process.env.URL_IMPORT_ALLOW_PRIVATE === 'true') return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new Error('private address');
}
