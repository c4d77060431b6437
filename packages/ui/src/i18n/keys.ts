/**
 * Typed translation keys: the English resource is the shape every other language must match,
 * and its dotted leaf paths are the only keys `t()` accepts.
 */

/** Same nesting as `T`, every leaf a string: the type each translation must satisfy. */
export type TranslationShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]> };

/** Dotted paths to the string leaves of a resource (`'taskStatus.ToReview'`). */
export type TranslationKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TranslationKey<T[K]>}`;
}[keyof T & string];
