// Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) validators compiled from the contract:
// one for each operation's parameters, body and responses. References into `components` are
// resolved by registering the contract's components under one id.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { hasUnstorableText } from '../formats/storable-text.js';
import type { Contract, FormSpec, JsonSchema, OperationSpec } from './contract.js';

const CONTRACT_ID = 'urn:reviewdesk:contract';
// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

/** Points `#/components/...` references of a schema cut out of the contract back into the contract. */
function anchorRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchorRefs);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? CONTRACT_ID + value : anchorRefs(value);
    }
    return out;
  }
  return schema;
}

function createAjv(contract: Contract, coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false, // the contract carries x-* and OpenAPI keywords (example, discriminator …)
    allErrors: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
  });
  addFormats(ajv);
  for (const name of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) ajv.addFormat(name, true);
  ajv.addSchema({ $id: CONTRACT_ID, components: contract.document.components ?? {} });
  return ajv;
}

export interface ValidationProblem {
  /** Where the problem is, e.g. `query.taskId` or `body.users[0].email`. */
  field: string;
  message: string;
}

/** Turns Ajv's first error into a sentence that names the field (spec §5 wording for parameters). */
export function describeAjvError(error: ErrorObject, location: string): ValidationProblem {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required')
    segments.push(String((error.params as { missingProperty: string }).missingProperty));
  const name = segments.at(-1) ?? location;
  const field = [location, ...segments].join('.').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  const isParameter = location === 'query' || location === 'path' || location === 'header';
  if (error.keyword === 'required') {
    return {
      field,
      message: isParameter ? `The parameter '${name}' must be defined.` : `The field '${field}' must be defined.`,
    };
  }
  if (error.keyword === 'type' && error.data === null) {
    return {
      field,
      message: isParameter ? `The parameter '${name}' cannot be null.` : `The field '${field}' cannot be null.`,
    };
  }
  const what = isParameter ? `The parameter '${name}'` : `The field '${field}'`;
  return { field, message: `${what} ${error.message ?? 'is invalid'}.` };
}

/**
 * The first string (value or property name) under `value` that holds NUL or an unpaired surrogate,
 * as a problem naming the field the way Ajv's problems do (`body.users[0].email`); else null.
 * Applied to every request before the schemas, so no such string reaches a handler or the database.
 */
export function findInvalidText(value: unknown, location: string, path: string[] = []): ValidationProblem | null {
  const problem = () => {
    const field = [location, ...path].join('.').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    const isParameter = location === 'query' || location === 'path' || location === 'header';
    const what = isParameter ? `The parameter '${path.at(-1) ?? location}'` : `The field '${field}'`;
    return { field, message: `${what} contains a NUL character or an invalid code point.` };
  };
  if (typeof value === 'string') return hasUnstorableText(value) ? problem() : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInvalidText(value[i], location, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !isStream(value)) {
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      if (hasUnstorableText(key)) return problem();
      path.pop();
      const found = findInvalidText(item, location, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A multipart body reaches validation as the raw request stream; it is read (and checked) by its handler. */
const isStream = (value: object) => typeof (value as { pipe?: unknown }).pipe === 'function';

export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  hasBody: boolean;
}

export interface OperationValidators {
  /** Validates (and coerces in place) the request; returns the first problem or null. */
  request(parts: RequestParts): ValidationProblem | null;
  /**
   * Decodes the text parts of the operation's multipart form as the contract describes them (JSON
   * parts parsed, scalars typed) and validates them against the form's schema. The handler reads
   * the stream (files go straight to storage), so this runs when it has the parts.
   */
  form(parts: Record<string, string>): { value: Record<string, unknown> } | { problem: ValidationProblem };
}

/** The text parts of a form as the values its schema describes; a part that is not JSON is a problem. */
export function decodeForm(
  spec: FormSpec,
  parts: Record<string, string>,
): { value: Record<string, unknown> } | { problem: ValidationProblem } {
  const value: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(parts)) {
    const part = spec.parts.get(name);
    const nullable = part?.types.includes('null') ?? false;
    if (!part) value[name] = raw;
    else if ((raw === '' || (part.json && raw === 'null')) && nullable) value[name] = null;
    else if (part.json) {
      try {
        value[name] = JSON.parse(raw);
      } catch {
        return { problem: { field: `body.${name}`, message: `The field 'body.${name}' must be JSON.` } };
      }
    } else if (part.types.includes('boolean') && (raw === 'true' || raw === 'false')) value[name] = raw === 'true';
    else if (part.types.some((t) => t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?$/.test(raw))
      value[name] = Number(raw);
    else value[name] = raw;
  }
  return { value };
}

export class ContractValidators {
  readonly #coercing: Ajv2020;
  readonly #strict: Ajv2020;
  readonly #operations = new Map<string, OperationValidators>();
  readonly #responses = new Map<string, ValidateFunction | null>();

  constructor(readonly contract: Contract) {
    this.#coercing = createAjv(contract, true);
    this.#strict = createAjv(contract, false);
  }

  forOperation(op: OperationSpec): OperationValidators {
    const cached = this.#operations.get(op.operationId);
    if (cached) return cached;
    const objectSchema = (location: 'path' | 'query' | 'header'): JsonSchema => {
      const params = op.parameters.filter((p) => p.in === location);
      const properties: Record<string, unknown> = {};
      for (const p of params) properties[location === 'header' ? p.name.toLowerCase() : p.name] = anchorRefs(p.schema);
      return {
        type: 'object',
        properties,
        required: params.filter((p) => p.required).map((p) => (location === 'header' ? p.name.toLowerCase() : p.name)),
      };
    };
    const checks: Array<[string, ValidateFunction, (parts: RequestParts) => unknown]> = [
      ['path', this.#coercing.compile(objectSchema('path')), (r) => r.path],
      ['query', this.#coercing.compile(objectSchema('query')), (r) => r.query],
      ['header', this.#coercing.compile(objectSchema('header')), (r) => r.headers],
    ];
    const notNullable = op.parameters.filter((p) => p.notNullable && p.in === 'query');
    // A query string cannot carry null: an empty value (`?batchId=`) of a nullable argument is null.
    const nullable = op.parameters.filter((p) => p.in === 'query' && allowsNull(p.schema)).map((p) => p.name);
    const bodySpec = op.requestBody;
    const bodyValidator = bodySpec?.jsonSchema
      ? this.#strict.compile(anchorRefs(bodySpec.jsonSchema) as JsonSchema)
      : null;
    const form = bodySpec?.form;
    const formValidator = form ? this.#strict.compile(anchorRefs(form.schema) as JsonSchema) : null;
    const validators: OperationValidators = {
      form(parts) {
        if (!form || !formValidator) throw new Error(`${op.operationId} takes no multipart form.`);
        const decoded = decodeForm(form, parts);
        if ('problem' in decoded) return decoded;
        const badText = findInvalidText(decoded.value, 'body');
        if (badText) return { problem: badText };
        if (!formValidator(decoded.value)) {
          return { problem: describeAjvError(formValidator.errors?.[0] as ErrorObject, 'body') };
        }
        return decoded;
      },
      request(parts) {
        const badText =
          findInvalidText(parts.path, 'path') ??
          findInvalidText(parts.query, 'query') ??
          (parts.hasBody ? findInvalidText(parts.body, 'body') : null);
        if (badText) return badText;
        for (const name of nullable) if (parts.query[name] === '') parts.query[name] = null;
        for (const [location, validate, pick] of checks) {
          if (!validate(pick(parts))) return describeAjvError(validate.errors?.[0] as ErrorObject, location);
        }
        for (const p of notNullable) {
          const value = parts.query[p.name];
          if (value === '' || value === null) {
            return { field: `query.${p.name}`, message: `The parameter '${p.name}' cannot be null.` };
          }
        }
        if (bodySpec) {
          if (!parts.hasBody) {
            return bodySpec.required ? { field: 'body', message: 'The request body must be defined.' } : null;
          }
          if (bodyValidator && !bodyValidator(parts.body)) {
            return describeAjvError(bodyValidator.errors?.[0] as ErrorObject, 'body');
          }
        }
        return null;
      },
    };
    this.#operations.set(op.operationId, validators);
    return validators;
  }

  /**
   * Checks one answer against the contract. Returns a description of what is wrong, or null.
   * 501 is implied for every operation (conventions) and checked against the shared response.
   */
  checkResponse(
    op: OperationSpec,
    status: number,
    contentType: string | undefined,
    body: string | undefined,
  ): string | null {
    const spec =
      op.responses.get(String(status)) ?? op.responses.get(`${String(status)[0]}XX`) ?? op.responses.get('default');
    let schema: JsonSchema | undefined = spec?.jsonSchema;
    if (!spec) {
      if (status !== 501) return `status ${status} is not declared by ${op.operationId}`;
      schema = { $ref: '#/components/schemas/ErrorResponse' };
    }
    const isJson = !!contentType && /json/.test(contentType);
    if (!schema) {
      if (spec && spec.otherMediaTypes.length === 0 && body && body.length > 0 && status !== 204) {
        return `status ${status} of ${op.operationId} declares no body but one was sent`;
      }
      return null;
    }
    if (!isJson) return `status ${status} of ${op.operationId} must be JSON, got ${contentType ?? 'no content type'}`;
    const key = `${op.operationId} ${status}`;
    let validate = this.#responses.get(key);
    if (validate === undefined) {
      validate = this.#strict.compile(anchorRefs(schema) as JsonSchema);
      this.#responses.set(key, validate);
    }
    if (!validate) return null;
    let data: unknown;
    try {
      data = JSON.parse(body ?? '');
    } catch {
      return `status ${status} of ${op.operationId} is not valid JSON`;
    }
    if (validate(data)) return null;
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    return `status ${status} of ${op.operationId} does not match the contract: ${problems}`;
  }
}

/** Whether a parameter schema admits null (`type: [string, "null"]`). */
function allowsNull(schema: unknown): boolean {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
}
