import type { TranslationKey, TranslationShape } from './keys';
import type { en } from './locales/en';

/** The shape every language of the `ui` namespace must provide: a missing key fails typecheck. */
export type UiResource = TranslationShape<typeof en>;

/** A key of the `ui` namespace, e.g. `'states.loading'` or `'taskStatus.ToReview'`. */
export type UiTranslationKey = TranslationKey<typeof en>;
