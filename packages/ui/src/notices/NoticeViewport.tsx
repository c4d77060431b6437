import { useStore } from 'zustand';
import { useUiTranslation } from '../i18n/useTranslation';
import { Portal } from '../overlay/Portal';
import { useReviewdesk } from '../provider/context';
import { Notice } from './Notice';

/** Renders the provider's notice queue in its portal container. Mounted by the provider. */
export function NoticeViewport() {
  const { notices } = useReviewdesk();
  const items = useStore(notices, (s) => s.items);
  const dismiss = useStore(notices, (s) => s.dismiss);
  const { t } = useUiTranslation();
  // Mounted only while there is something to say: an empty landmark per provider would
  // clutter the landmark list of a page that embeds several.
  if (items.length === 0) return null;
  return (
    <Portal>
      <section className="rd-notice-viewport" aria-label={t('notices.region')}>
        {items.map((item) => (
          <Notice
            key={item.id}
            tone={item.tone}
            title={item.title}
            autoDismissMs={item.durationMs}
            onDismiss={() => dismiss(item.id)}
          >
            {item.message}
          </Notice>
        ))}
      </section>
    </Portal>
  );
}
