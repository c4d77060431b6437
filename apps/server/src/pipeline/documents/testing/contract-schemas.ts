// Validates engine output against the contract's own schemas (openapi/reviewdesk.yaml), so the
// shapes cannot drift from what the API serves.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

const CONTRACT_ID = 'urn:reviewdesk:documents-contract';
const document = parse(readFileSync(new URL('../../../../../../openapi/reviewdesk.yaml', import.meta.url), 'utf8')) as {
  components: unknown;
};
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: CONTRACT_ID, components: document.components });

/** Error text of the value against `#/components/schemas/<name>`, or null when it conforms. */
export function contractErrors(schemaName: string, value: unknown): string | null {
  const validate = ajv.getSchema(`${CONTRACT_ID}#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`No schema ${schemaName} in the contract`);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}
