/**
 * A profile section the server cannot serve (its call answers 501, or the API has no call for
 * it). Plain text naming the feature; no made-up content.
 */
import { EmptyState } from '@reviewdesk/ui';
import type { WebKey } from '../../i18n/resources';
import { useWebTranslation } from '../../i18n/useWebTranslation';

/** Test id: `unavailable`, with `data-feature` holding the feature key. */
export function FeatureUnavailable({ feature, note }: { feature: WebKey; note?: WebKey }) {
  const { t } = useWebTranslation();
  return (
    <div data-testid="unavailable" data-feature={feature}>
      <EmptyState
        title={t('profile.unavailable', { feature: t(feature) })}
        description={note ? t(note) : ''}
        icon={<span aria-hidden="true" className="rd-app-placeholder__mark" />}
      />
    </div>
  );
}
