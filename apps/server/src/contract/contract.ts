// Reads the OpenAPI contract and lists its operations in a shape the binder and the validators use.
// Everything the server knows about paths, parameters and payloads comes from here, never from
// hand-written route tables.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type JsonSchema = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
  /** `x-nullable: false`: the argument may be absent only if optional, never sent empty. */
  notNullable: boolean;
}

export interface ResponseSpec {
  /** JSON schema of the application/json body, when the response has one. */
  jsonSchema?: JsonSchema;
  /** Some other media type (files, media), validated by presence only. */
  otherMediaTypes: string[];
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** Path as the contract writes it, e.g. `/api/v{version}/SdTask/{id}`. */
  path: string;
  tags: string[];
  parameters: ParameterSpec[];
  requestBody?: {
    required: boolean;
    jsonSchema?: JsonSchema;
    /** The multipart/form-data body, when the operation takes one (read by its handler, see FormSpec). */
    form?: FormSpec;
    mediaTypes: string[];
  };
  responses: Map<string, ResponseSpec>;
  /** Empty array = public (HealthCheck); undefined = the document's global security. */
  security: string[][];
  fileResponse: boolean;
}

/** A multipart/form-data body: its schema and how each text part is decoded before validation. */
export interface FormSpec {
  schema: JsonSchema;
  /** Each text part by name: sent as JSON (its `encoding` says application/json) or as a scalar of these types. */
  parts: Map<string, { json: boolean; types: string[] }>;
}

export interface Contract {
  document: Record<string, unknown>;
  operations: OperationSpec[];
  byId: Map<string, OperationSpec>;
}

/** Follows a local `#/...` reference (parameters, responses, request bodies are often refs). */
export function resolveRef<T>(document: Record<string, unknown>, value: unknown): T {
  let current = value as Record<string, unknown>;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref) || !ref.startsWith('#/')) throw new Error(`Cannot resolve ${ref}`);
    seen.add(ref);
    let node: unknown = document;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    if (node === undefined) throw new Error(`Dangling reference ${ref}`);
    current = node as Record<string, unknown>;
  }
  return current as T;
}

function securityNames(requirements: unknown): string[][] {
  if (!Array.isArray(requirements)) return [];
  return requirements.map((r) => Object.keys(r as object));
}

/** The properties of an object schema, through `$ref` and `allOf`. */
function propertiesOf(document: Record<string, unknown>, schema: unknown): Record<string, JsonSchema> {
  const node = resolveRef<Record<string, unknown>>(document, schema);
  const own = (node.properties ?? {}) as Record<string, JsonSchema>;
  const inherited = ((node.allOf ?? []) as unknown[]).map((part) => propertiesOf(document, part));
  return Object.assign({}, ...inherited, own);
}

/** The scalar types a property may take (`type: [integer, "null"]` → integer, null). */
function typesOf(document: Record<string, unknown>, schema: JsonSchema): string[] {
  const node = resolveRef<Record<string, unknown>>(document, schema);
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type as string[];
  const options = (node.anyOf ?? node.oneOf ?? []) as JsonSchema[];
  return options.flatMap((option) => typesOf(document, option));
}

function formSpecOf(
  document: Record<string, unknown>,
  schema: JsonSchema,
  encoding: Record<string, { contentType?: string }>,
): FormSpec {
  const parts = new Map<string, { json: boolean; types: string[] }>();
  for (const [name, property] of Object.entries(propertiesOf(document, schema))) {
    const json = /json/.test(encoding[name]?.contentType ?? '');
    parts.set(name, { json, types: typesOf(document, property) });
  }
  return { schema, parts };
}

export function parseContract(document: Record<string, unknown>): Contract {
  const operations: OperationSpec[] = [];
  const globalSecurity = securityNames(document.security);
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveRef<Record<string, unknown>>(document, rawItem);
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of HTTP_METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const operationId = op.operationId as string | undefined;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const parameters = new Map<string, ParameterSpec>();
      for (const raw of [...shared, ...((op.parameters ?? []) as unknown[])]) {
        const p = resolveRef<Record<string, unknown>>(document, raw);
        const location = p.in as ParameterSpec['in'];
        parameters.set(`${location}:${p.name}`, {
          name: p.name as string,
          in: location,
          required: location === 'path' || p.required === true,
          schema: (p.schema ?? {}) as JsonSchema,
          notNullable: p['x-nullable'] === false,
        });
      }
      let requestBody: OperationSpec['requestBody'];
      if (op.requestBody) {
        const body = resolveRef<Record<string, unknown>>(document, op.requestBody);
        const content = (body.content ?? {}) as Record<string, { schema?: JsonSchema }>;
        const multipart = content['multipart/form-data'] as
          | { schema?: JsonSchema; encoding?: Record<string, { contentType?: string }> }
          | undefined;
        requestBody = {
          required: body.required === true,
          jsonSchema: content['application/json']?.schema,
          form: multipart?.schema ? formSpecOf(document, multipart.schema, multipart.encoding ?? {}) : undefined,
          mediaTypes: Object.keys(content),
        };
      }
      const responses = new Map<string, ResponseSpec>();
      for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const response = resolveRef<Record<string, unknown>>(document, raw);
        const content = (response.content ?? {}) as Record<string, { schema?: JsonSchema }>;
        const jsonType = Object.keys(content).find((t) => t === 'application/json' || t.endsWith('+json'));
        responses.set(status, {
          jsonSchema: jsonType ? content[jsonType]?.schema : undefined,
          otherMediaTypes: Object.keys(content).filter((t) => t !== jsonType),
        });
      }
      operations.push({
        operationId,
        method,
        path,
        tags: (op.tags ?? []) as string[],
        parameters: [...parameters.values()],
        requestBody,
        responses,
        security: op.security === undefined ? globalSecurity : securityNames(op.security),
        fileResponse: op['x-file-response'] === true,
      });
    }
  }
  const byId = new Map<string, OperationSpec>();
  for (const op of operations) {
    if (byId.has(op.operationId)) throw new Error(`operationId ${op.operationId} is used twice`);
    byId.set(op.operationId, op);
  }
  return { document, operations, byId };
}

export function loadContract(path: string): Contract {
  return parseContract(parse(readFileSync(path, 'utf8')) as Record<string, unknown>);
}

/** `/api/v{version}/SdTask/{id}` → `/api/v:version/SdTask/:id` (find-my-way syntax). */
export function toRoutePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** True when an operation can be called without a token (`security: []` or an empty requirement). */
export function isPublic(op: OperationSpec): boolean {
  return op.security.length === 0 || op.security.some((r) => r.length === 0);
}
