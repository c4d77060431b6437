/**
 * A screen whose package does not exist yet. It says which feature belongs here and which package
 * will provide it, and shows no data: an invented list would look like a working screen.
 */
import { EmptyState } from '@reviewdesk/ui';
import type { WebKey } from '../i18n/resources';
import { useWebTranslation } from '../i18n/useWebTranslation';

/** The feature packages of the architecture that the app will compose. */
export type FeaturePackage =
  | '@reviewdesk/task-list'
  | '@reviewdesk/document-viewer'
  | '@reviewdesk/transcript-editor'
  | '@reviewdesk/admin-panels';

/** Props of {@link FeaturePlaceholder}. */
export interface FeaturePlaceholderProps {
  /** The feature's name (a `features.*` key). */
  feature: WebKey;
  /** The package that will provide the screen. */
  packageName: FeaturePackage;
  /** A section of a page rather than the page: the placeholder's own title is enough, no page heading. */
  embedded?: boolean;
}

/** Test id: `placeholder`, with `data-package` naming the package. */
export function FeaturePlaceholder({ feature, packageName, embedded = false }: FeaturePlaceholderProps) {
  const { t } = useWebTranslation();
  return (
    <section className="rd-app-page" data-testid="placeholder" data-package={packageName}>
      {embedded ? null : <h1 className="rd-app-page__title">{t(feature)}</h1>}
      <EmptyState
        title={t(feature)}
        description={t('placeholder.description', { package: packageName })}
        icon={<span aria-hidden="true" className="rd-app-placeholder__mark" />}
      />
    </section>
  );
}
