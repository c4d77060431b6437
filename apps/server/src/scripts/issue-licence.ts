// Issues a signed activation code, as the licence vendor would (the demo and the tests):
//
//   pnpm --filter @reviewdesk/server run licence:issue --volume 5000 --days 365 [--tenant <id>]
//        [--id <licence id>] [--store-url <url>] [--key <private key PEM file>]
//   pnpm --filter @reviewdesk/server run licence:issue --new-key
//
// Without --key it signs with the demo vendor key, which servers with demo data trust. --new-key
// prints a fresh vendor key pair: the private half for --key, the public half for LICENCE_PUBLIC_KEY.
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { issueActivationCode } from '../domain/licences/activation-codes.js';
import { DEMO_VENDOR_PRIVATE_KEY } from './demo-licence-vendor.js';

// `pnpm run x -- --a` hands the script the `--` too.
const args = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));
const { values } = parseArgs({
  args,
  options: {
    volume: { type: 'string', default: '10000' },
    days: { type: 'string', default: '365' },
    tenant: { type: 'string' },
    id: { type: 'string' },
    'store-url': { type: 'string' },
    key: { type: 'string' },
    'new-key': { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (values['new-key']) {
  const pair = generateKeyPairSync('ed25519');
  console.log(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim());
  console.log(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString().trim());
  process.exit(0);
}

const volume = Number(values.volume);
if (!Number.isFinite(volume) || volume <= 0) fail('--volume must be a positive number of credits.');
const days = Number(values.days);
if (!Number.isFinite(days) || days <= 0) fail('--days must be a positive number of days.');
const privateKey = createPrivateKey(values.key ? readFileSync(values.key, 'utf8') : DEMO_VENDOR_PRIVATE_KEY);
if (privateKey.asymmetricKeyType !== 'ed25519') fail('--key must be an Ed25519 private key (PEM).');

console.log(
  issueActivationCode(privateKey, {
    licenseId: values.id ?? `RD-${randomUUID()}`,
    volume,
    expirationDate: new Date(Date.now() + days * 24 * 3600 * 1000).toISOString(),
    tenantId: values.tenant ?? null,
    storeUrl: values['store-url'] ?? null,
    issuedOn: new Date().toISOString(),
  }),
);
