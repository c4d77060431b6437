/**
 * Enumeration helpers over the contract's enums (`x-enum-varnames`): code ↔ member name, and the
 * i18n key of a status text (`taskStatus.ToReview`). The maps come from the generated metadata, so
 * a new member in the contract appears here, in the types and in the keys, with no edit.
 */
import { apiEnums } from './generated/operations.js';
import type { EnumMeta, EnumName } from './metadata.js';

type Enums = typeof apiEnums;

/** Member name → code of enumeration `E`, e.g. `EnumValues<'TaskStatus'>['ToReview']` is `60`. */
export type EnumValues<E extends EnumName> = Enums[E]['values'];

/** Member names of enumeration `E` (`'ToReview' | 'InReview' | …`). */
export type EnumMemberName<E extends EnumName> = keyof EnumValues<E> & string;

/** Codes of enumeration `E` (`19 | 20 | … | 407`); the same type as `components['schemas'][E]`. */
export type EnumCode<E extends EnumName> = EnumValues<E>[EnumMemberName<E>];

/** i18n key of a member's text: the enumeration name in lower camel case, a dot, the member name. */
export type EnumTextKey<E extends EnumName> = `${Uncapitalize<E>}.${EnumMemberName<E>}`;

/** One member of an enumeration. */
export interface EnumMember<E extends EnumName> {
  name: EnumMemberName<E>;
  code: EnumCode<E>;
}

const enums: Readonly<Record<string, EnumMeta>> = apiEnums;

function meta(type: EnumName): EnumMeta {
  const found = enums[type];
  if (!found) throw new Error(`Unknown enumeration '${type}'.`);
  return found;
}

/**
 * The member name of a code, or undefined for a code the contract does not list. A code known
 * only from the specification's second reading (`x-alternative-reading`, e.g. TaskStatus 94 =
 * ExportSuccessful) resolves to that reading's name.
 *
 * @example
 * ```ts
 * enumNameOf('TaskStatus', 60); // 'ToReview'
 * ```
 */
export function enumNameOf<E extends EnumName>(
  type: E,
  code: EnumCode<E> | number | string | null | undefined,
): EnumMemberName<E> | undefined {
  if (code === null || code === undefined) return undefined;
  const { names, alternatives } = meta(type);
  const name =
    names[String(code)] ??
    Object.entries(alternatives ?? {}).find(([, alternative]) => String(alternative) === String(code))?.[0];
  return name as EnumMemberName<E> | undefined;
}

/**
 * The code of a member name.
 *
 * @example
 * ```ts
 * enumCodeOf('TaskStatus', 'ToReview'); // 60, typed as the literal 60
 * ```
 */
export function enumCodeOf<E extends EnumName, N extends EnumMemberName<E>>(type: E, name: N): EnumValues<E>[N] {
  const code = meta(type).values[name];
  if (code === undefined) throw new Error(`'${name}' is not a member of ${type}.`);
  return code as EnumValues<E>[N];
}

/** Every member of an enumeration, in the contract's order (for pickers and filters). */
export function enumMembers<E extends EnumName>(type: E): readonly EnumMember<E>[] {
  return Object.entries(meta(type).values).map(([name, code]) => ({ name, code }) as EnumMember<E>);
}

/**
 * The i18n key of a member's text, from its code or its name; undefined for an unknown code.
 *
 * @example
 * ```ts
 * t(enumTextKey('TaskStatus', task.status) ?? 'taskStatus.Unknown');
 * enumTextKey('TaskStatus', 'ToReview'); // 'taskStatus.ToReview'
 * ```
 */
export function enumTextKey<E extends EnumName>(
  type: E,
  codeOrName: EnumCode<E> | EnumMemberName<E> | number | null | undefined,
): EnumTextKey<E> | undefined {
  if (codeOrName === null || codeOrName === undefined) return undefined;
  const { values } = meta(type);
  const name = typeof codeOrName === 'string' && codeOrName in values ? codeOrName : enumNameOf(type, codeOrName);
  return name === undefined ? undefined : (`${type.charAt(0).toLowerCase()}${type.slice(1)}.${name}` as EnumTextKey<E>);
}

/** Every i18n key of an enumeration's texts, for checking that each locale has them all. */
export function enumTextKeys<E extends EnumName>(type: E): readonly EnumTextKey<E>[] {
  return enumMembers(type).map(({ name }) => enumTextKey(type, name) as EnumTextKey<E>);
}
