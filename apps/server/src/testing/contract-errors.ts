// Test support: validates values against schemas of the contract (openapi/reviewdesk.yaml), so
// the shapes these modules produce are checked against the source of truth, not a copy of it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

const CONTRACT = fileURLToPath(new URL('../../../../openapi/reviewdesk.yaml', import.meta.url));
const ID = 'urn:reviewdesk:test-contract';
let ajv: Ajv2020 | undefined;
const cache = new Map<string, ValidateFunction>();

/** Returns the Ajv errors of `value` against `#/components/schemas/<name>`, or null when valid. */
export function contractErrors(name: string, value: unknown): string | null {
  if (!ajv) {
    const document = parse(readFileSync(CONTRACT, 'utf8')) as { components: Record<string, unknown> };
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: ID, components: document.components });
  }
  let validate = cache.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `${ID}#/components/schemas/${name}` });
    cache.set(name, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}
