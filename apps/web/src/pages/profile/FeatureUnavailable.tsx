/**
 * A profile section the server cannot serve (its call answers 501, or the API has no call for
 * it). One whole sentence per feature, so each language can make its words agree; no made-up content.
 */
import { EmptyState } from '@reviewdesk/ui';
import type { WebKey } from '../../i18n/resources';
import { useWebTranslation } from '../../i18n/useWebTranslation';

/** The profile features that may be missing on a server. */
export type UnavailableFeature = 'changeEmail' | 'externalLogins' | 'notifications' | 'twoFactor';

/** Test id: `unavailable`, with `data-feature` naming the feature (`features.twoFactor`). */
export function FeatureUnavailable({ feature, note }: { feature: UnavailableFeature; note?: WebKey }) {
  const { t } = useWebTranslation();
  return (
    <div data-testid="unavailable" data-feature={`features.${feature}`}>
      <EmptyState
        title={t(`profile.unavailable.${feature}`)}
        description={note ? t(note) : ''}
        icon={<span aria-hidden="true" className="rd-app-placeholder__mark" />}
      />
    </div>
  );
}
