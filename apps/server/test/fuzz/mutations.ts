// Bad requests made from good ones: a seeded generator (the same seed gives the same requests, so a
// failure reproduces) that takes a valid request sampled from the contract and breaks one or two
// of its arguments — wrong types, huge and negative numbers, NUL and very long strings, lone
// surrogates, missing and extra fields, bad ids and other tenants' ids.
import { type Contract, type JsonSchema, type OperationSpec, resolveRef } from '../../src/contract/contract.js';
import type { SampledRequest } from '../support/contract-samples.js';

/** mulberry32: small, fast and good enough to pick mutations; one stream per seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

export const BAD_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(70_000),
  '\ud800',
  'name\udfff',
  '',
  ' ',
  '%00',
  "'; drop table tasks; --",
  '../../etc/passwd',
  '\u202egnp.exe',
  'é中😀',
  '\u0001\u001f\u007f',
  '{"$ne":null}',
];
export const BAD_NUMBERS: readonly number[] = [1e308, -1e308, -1, 0, 2 ** 53, -(2 ** 53), 2 ** 31, 2 ** 63, 0.5, -0.5];
export const BAD_SHAPES: readonly unknown[] = [null, true, false, [], {}, ['x'], { x: 1 }, [null], [[]]];

/** Ids a request may carry: the caller's own, another tenant's, made-up and malformed ones. */
export interface IdPool {
  own: readonly string[];
  foreign: readonly string[];
}

function badId(random: () => number, ids: IdPool): string {
  const r = random();
  if (r < 0.35) return pick(random, ids.foreign);
  if (r < 0.6) return pick(random, ids.own);
  if (r < 0.8) return randomUUIDFrom(random);
  return pick(random, ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '1', "' or 1=1 --"]);
}

/** A uuid from the seeded stream (randomUUID would make runs differ). */
function randomUUIDFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function badValue(random: () => number, ids: IdPool): unknown {
  const r = random();
  if (r < 0.4) return pick(random, BAD_STRINGS);
  if (r < 0.65) return pick(random, BAD_NUMBERS);
  if (r < 0.85) return pick(random, BAD_SHAPES);
  return badId(random, ids);
}

type Key = string | number;
/** One argument or field a mutation can aim at. */
export interface Slot {
  location: 'path' | 'query' | 'body' | 'form';
  keys: Key[];
  /** The slot's schema, resolved: what a well-aimed bad value for it is. */
  schema: JsonSchema;
}

/** The properties an object schema declares (allOf merged; oneOf/anyOf: the first object option). */
function propertiesOf(contract: Contract, raw: unknown, depth = 0): Record<string, JsonSchema> {
  if (!raw || depth > 6) return {};
  const schema = resolveRef<JsonSchema>(contract.document, raw);
  const out: Record<string, JsonSchema> = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
  for (const part of (schema.allOf ?? []) as JsonSchema[]) Object.assign(out, propertiesOf(contract, part, depth + 1));
  for (const part of (schema.oneOf ?? schema.anyOf ?? []) as JsonSchema[]) {
    const nested = propertiesOf(contract, part, depth + 1);
    if (Object.keys(nested).length > 0) return Object.assign(nested, out);
  }
  return out;
}

/** Field paths of a body schema down to `maxDepth` (arrays entered at their first item). */
function fieldSlots(
  contract: Contract,
  schema: unknown,
  prefix: Key[],
  maxDepth: number,
  out: Array<{ keys: Key[]; schema: JsonSchema }>,
): void {
  if (!schema || prefix.length >= maxDepth) return;
  const resolved = resolveRef<JsonSchema>(contract.document, schema);
  if (typesOf(contract, resolved).includes('array')) {
    const items = resolveRef<JsonSchema>(contract.document, resolved.items ?? {});
    out.push({ keys: [...prefix, 0], schema: items });
    fieldSlots(contract, items, [...prefix, 0], maxDepth, out);
    return;
  }
  for (const [name, property] of Object.entries(propertiesOf(contract, resolved))) {
    const child = resolveRef<JsonSchema>(contract.document, property);
    out.push({ keys: [...prefix, name], schema: child });
    fieldSlots(contract, child, [...prefix, name], maxDepth, out);
  }
}

/** The JSON types a schema admits (through oneOf/anyOf/allOf), `format: uuid` as 'uuid'. */
function typesOf(contract: Contract, schema: JsonSchema, depth = 0): string[] {
  if (depth > 6) return [];
  const out = new Set<string>();
  const type = schema.type;
  for (const t of Array.isArray(type) ? type : type ? [type] : []) out.add(String(t));
  if (schema.format === 'uuid') out.add('uuid');
  if (Array.isArray(schema.enum)) out.add(typeof schema.enum[0] === 'number' ? 'integer' : 'string');
  for (const part of [...((schema.allOf ?? []) as unknown[]), ...((schema.oneOf ?? schema.anyOf ?? []) as unknown[])]) {
    for (const t of typesOf(contract, resolveRef<JsonSchema>(contract.document, part), depth + 1)) out.add(t);
  }
  return [...out];
}

/** A bad value aimed at what the slot takes: NUL and surrogates for text, extremes for numbers. */
export function aimedValue(random: () => number, contract: Contract, slot: Slot, ids: IdPool): unknown {
  const types = typesOf(contract, slot.schema);
  if (types.includes('uuid')) return random() < 0.5 ? badId(random, ids) : pick(random, ['a\u0000b', '\ud800']);
  if (types.includes('integer') || types.includes('number')) return pick(random, [1e308, -1e308, -1, 2 ** 53, 2 ** 31]);
  if (types.includes('string')) return pick(random, ['a\u0000b', '\u0000', '\ud800', 'x\udfff', 'x'.repeat(70_000)]);
  if (types.includes('boolean')) return pick(random, ['yes', 2, 'a\u0000b']);
  return pick(random, BAD_SHAPES);
}

export function slotsOf(contract: Contract, op: OperationSpec, formSchema: JsonSchema | undefined): Slot[] {
  const slots: Slot[] = [];
  for (const p of op.parameters) {
    const schema = resolveRef<JsonSchema>(contract.document, p.schema);
    if (p.in === 'path' && p.name !== 'version') slots.push({ location: 'path', keys: [p.name], schema });
    if (p.in === 'query') slots.push({ location: 'query', keys: [p.name], schema });
  }
  const fields: Array<{ keys: Key[]; schema: JsonSchema }> = [];
  if (op.requestBody?.jsonSchema) {
    fieldSlots(contract, op.requestBody.jsonSchema, [], 4, fields);
    for (const field of fields) slots.push({ location: 'body', ...field });
  } else if (formSchema) {
    fieldSlots(contract, formSchema, [], 1, fields);
    for (const field of fields) slots.push({ location: 'form', ...field });
  }
  return slots;
}

export interface FuzzRequest extends SampledRequest {
  /** What was broken, for the failure report. */
  mutation: string;
}

function setIn(root: unknown, keys: Key[], value: unknown, remove: boolean): unknown {
  if (keys.length === 0) return remove ? undefined : value;
  const container: Record<Key, unknown> =
    root && typeof root === 'object'
      ? (root as Record<Key, unknown>)
      : ((typeof keys[0] === 'number' ? [] : {}) as Record<Key, unknown>);
  const [head, ...rest] = keys as [Key, ...Key[]];
  if (rest.length === 0) {
    if (remove) delete container[head];
    else container[head] = value;
  } else container[head] = setIn(container[head], rest, value, remove);
  return container;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);

function applyToSlot(request: FuzzRequest, slot: Slot, value: unknown, remove: boolean): void {
  const [name] = slot.keys as [string];
  if (slot.location === 'path') request.pathArgs[name] = remove ? '' : asText(value);
  else if (slot.location === 'query') {
    if (remove) delete request.query[name];
    else request.query[name] = asText(value);
  } else if (slot.location === 'form') {
    request.form = setIn(request.form ?? {}, slot.keys, value, remove) as Record<string, unknown>;
  } else request.body = setIn(request.body, slot.keys, value, remove);
}

const copyOf = (base: SampledRequest): FuzzRequest => ({
  pathArgs: { ...base.pathArgs },
  query: { ...base.query },
  body: structuredClone(base.body),
  form: base.form ? structuredClone(base.form) : undefined,
  mutation: '',
});

/** `base` with one slot given a bad value of the kind the slot takes (see aimedValue). */
export function aim(
  random: () => number,
  contract: Contract,
  base: SampledRequest,
  slot: Slot,
  ids: IdPool,
): FuzzRequest {
  const request = copyOf(base);
  const value = aimedValue(random, contract, slot, ids);
  applyToSlot(request, slot, value, false);
  request.mutation = `${slot.location}.${slot.keys.join('.')} = ${describe(value)}`;
  return request;
}

/** The slots in a seeded order (Fisher–Yates), so a budget of aimed requests covers different ones per seed. */
export function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** One bad request made from `base` (which is left as it is). */
export function mutate(random: () => number, base: SampledRequest, slots: Slot[], ids: IdPool): FuzzRequest {
  const request = copyOf(base);
  const kind = random();
  const hasBody = base.body !== undefined || base.form !== undefined;
  if (slots.length === 0 || (hasBody && kind >= 0.85)) {
    // The whole body replaced, or extra fields beside the sampled ones.
    if (random() < 0.5 && base.form === undefined) {
      request.body = badValue(random, ids);
      request.mutation = `body = ${describe(request.body)}`;
    } else {
      const name = pick(random, ['extra', '__proto__', 'constructor', 'x'.repeat(300), 'a\u0000b']);
      const value = badValue(random, ids);
      if (base.form) request.form = { ...request.form, [name]: value };
      else request.body = setIn(request.body ?? {}, [name], value, false);
      request.mutation = `extra field ${describe(name)} = ${describe(value)}`;
    }
    return request;
  }
  const changes = kind < 0.15 ? 2 : 1;
  const parts: string[] = [];
  for (let i = 0; i < changes; i++) {
    const slot = pick(random, slots);
    const where = `${slot.location}.${slot.keys.join('.')}`;
    if (random() < 0.12) {
      applyToSlot(request, slot, undefined, true);
      parts.push(`${where} removed`);
    } else {
      const last = String(slot.keys.at(-1) ?? '').toLowerCase();
      const value = last.endsWith('id') && random() < 0.6 ? badId(random, ids) : badValue(random, ids);
      applyToSlot(request, slot, value, false);
      parts.push(`${where} = ${describe(value)}`);
    }
  }
  request.mutation = parts.join(', ');
  return request;
}

/** A short, exact description of a value (long strings by length, invisible characters escaped). */
export function describe(value: unknown): string {
  if (typeof value === 'string' && value.length > 60) return `"${value.slice(0, 10)}…" (${value.length} chars)`;
  return JSON.stringify(value, (_, v) => (typeof v === 'number' && !Number.isSafeInteger(v) ? `${v}` : v)).replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: showing control characters is the point
    /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
