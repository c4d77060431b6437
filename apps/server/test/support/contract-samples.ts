// Valid requests built from the contract's schemas: the cross-tenant walk aims them at another
// tenant's ids, the fuzz suite starts its mutations from them. Which id goes where is the caller's
// choice (`idFor`), so both read the contract the same way.
import { type Contract, type JsonSchema, type OperationSpec, resolveRef } from '../../src/contract/contract.js';

/** Picks the id for an argument or field of format uuid, by its name (`workspaceId`, `batchId` …). */
export type IdChooser = (name: string) => string;

/** A valid value for a schema; every uuid comes from `idFor`, every e-mail is `email`. */
export function sampleValue(
  contract: Contract,
  raw: JsonSchema,
  name: string,
  choose: { idFor: IdChooser; email: string },
): unknown {
  const schema = resolveRef<JsonSchema>(contract.document, raw);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((s) => sampleValue(contract, s, name, choose)));
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options = (schema.oneOf ?? schema.anyOf) as JsonSchema[];
    const chosen = options.find((o) => resolveRef<JsonSchema>(contract.document, o).type !== 'null') ?? options[0];
    return sampleValue(contract, chosen as JsonSchema, name, choose);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : (schema.type as string);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      // Booleans are sampled true, so an `if: {enabled: true} then: {required: […]}` applies: its
      // required fields are sampled too.
      const conditional = ((schema.then as JsonSchema | undefined)?.required ?? []) as string[];
      for (const key of new Set([...((schema.required ?? []) as string[]), ...conditional]))
        out[key] = sampleValue(contract, properties[key] ?? {}, key, choose);
      return out;
    }
    case 'array':
      return [sampleValue(contract, (schema.items ?? {}) as JsonSchema, name, choose)];
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return choose.idFor(name);
      if (schema.format === 'email') return choose.email;
      // In the future, so that expirations (API secrets, shares) are valid input.
      if (schema.format === 'date-time') return new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
      if (typeof schema.pattern === 'string') {
        // A value the pattern accepts (e.g. a file extension `.x` for `^\.[A-Za-z0-9]+$`, a key of
        // 16 to 64 letters for `^[A-Za-z0-9_-]{16,64}$`).
        const pattern = new RegExp(schema.pattern);
        const lengths = Array.from({ length: 128 }, (_, i) => 'x'.repeat(i + 1));
        const fit = ['x', '.x', 'x1', '#000000', ...lengths].find((candidate) => pattern.test(candidate));
        if (fit) return fit;
      }
      return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1));
  }
}

export interface SampledRequest {
  /** Path arguments by name (the API version included). */
  pathArgs: Record<string, string>;
  /** Required query arguments, and optional ones of format uuid (single ids such as Status's TaskId). */
  query: Record<string, string>;
  /** The JSON body, when the operation takes one. */
  body: unknown;
  /** The fields of a multipart-only body (Import); objects go as JSON parts. */
  form: Record<string, unknown> | undefined;
}

/** The multipart schema of an operation whose only body is multipart/form-data, else undefined. */
export function multipartSchema(contract: Contract, op: OperationSpec): JsonSchema | undefined {
  if (op.requestBody?.jsonSchema || !op.requestBody?.mediaTypes.includes('multipart/form-data')) return undefined;
  const item = (contract.document.paths as Record<string, Record<string, { requestBody?: unknown }>>)[op.path];
  const requestBody = resolveRef<{ content: Record<string, { schema: JsonSchema }> }>(
    contract.document,
    item?.[op.method]?.requestBody,
  );
  return requestBody.content['multipart/form-data']?.schema;
}

export function sampleRequest(
  contract: Contract,
  op: OperationSpec,
  choose: { idFor: IdChooser; email: string },
): SampledRequest {
  const pathArgs: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.parameters) {
    if (p.name === 'version' && p.in === 'path') {
      pathArgs.version = (p.schema.enum as string[] | undefined)?.[0] ?? '1';
      continue;
    }
    const optionalId = p.in === 'query' && resolveRef<JsonSchema>(contract.document, p.schema).format === 'uuid';
    if (!p.required && p.in !== 'path' && !optionalId) continue;
    const value = String(sampleValue(contract, p.schema, p.name, choose));
    if (p.in === 'path') pathArgs[p.name] = value;
    if (p.in === 'query') query[p.name] = value;
  }
  const body = op.requestBody?.jsonSchema
    ? sampleValue(contract, op.requestBody.jsonSchema, 'body', choose)
    : undefined;
  const formSchema = multipartSchema(contract, op);
  const form = formSchema ? (sampleValue(contract, formSchema, 'body', choose) as Record<string, unknown>) : undefined;
  return { pathArgs, query, body, form };
}

/**
 * encodeURIComponent that also takes text which is not well-formed UTF-16: a lone surrogate goes
 * as the three bytes a careless encoder would send (CESU-8, e.g. %ED%A0%80), which no UTF-8
 * decoder accepts.
 */
export function encodeArgument(value: string): string {
  return value
    .split(LONE_SURROGATE)
    .map((part, index) => (index % 2 === 1 ? cesu8(part.charCodeAt(0)) : encodeURIComponent(part)))
    .join('');
}

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
const cesu8 = (unit: number) =>
  [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((b) => `%${b.toString(16).toUpperCase()}`)
    .join('');

/** `/api/v{version}/SdTask/{id}` with the arguments put in (URL-encoded). */
export function fillPath(op: OperationSpec, pathArgs: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeArgument(pathArgs[name] ?? ''));
}

/** `?a=1&b=2`, encoded with encodeArgument (empty when there are no arguments). */
export function queryString(query: Record<string, string>): string {
  const pairs = Object.entries(query).map(([k, v]) => `${encodeArgument(k)}=${encodeArgument(v)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A multipart/form-data payload of text fields; objects go as JSON parts. */
export function formPayload(
  fields: Record<string, unknown>,
  boundary: string,
  file?: { fileName: string; content: Buffer },
): { payload: Buffer; contentType: string } {
  const parts: Buffer[] = Object.entries(fields).map((entry) => {
    const [name, value] = entry;
    const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    return Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`, 'utf8');
  });
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'utf8',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
