/**
 * An ordered list whose rows can be reordered three ways: dragged by the mouse, moved with the arrow
 * keys (Home, End) on a row's handle, or with its up and down buttons. Every move is announced to
 * screen readers (useReorder). The predefined texts and speakers use it; each row's content is the caller's.
 */
import { Button } from '@reviewdesk/ui';
import { type ReactNode, useId } from 'react';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { useReorder } from './useReorder';

export interface ReorderableListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** How the row is named in the handle's label and the announcement. */
  labelOf: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number) => ReactNode;
  /** Read-only: no handle, no buttons, no dragging. */
  disabled?: boolean;
  'data-testid'?: string;
}

export function ReorderableList<T>({
  items,
  keyOf,
  labelOf,
  onMove,
  children,
  disabled = false,
  ...rest
}: ReorderableListProps<T>) {
  const { t } = useAdminPanelsTranslation();
  const hintId = useId();
  const { move, onHandleKey, dragProps, dragged, announcement } = useReorder({
    count: items.length,
    onMove,
    announce: (from, to) =>
      t('workspace.lists.moved', {
        name: labelOf(items[from] as T, from),
        position: to + 1,
        total: items.length,
      }),
    handleSelector: '.rd-admin-list__handle',
  });

  return (
    <>
      {disabled || items.length < 2 ? null : (
        <p id={hintId} className="rd-admin__muted">
          {t('workspace.lists.handleHint')}
        </p>
      )}
      <ol className="rd-admin-list" data-testid={rest['data-testid']}>
        {items.map((item, index) => {
          const name = labelOf(item, index);
          return (
            <li
              key={keyOf(item)}
              className={`rd-admin-list__item${dragged === index ? ' rd-admin-list__item--dragged' : ''}`}
              {...(disabled ? {} : dragProps(index))}
            >
              {disabled ? null : (
                <button
                  type="button"
                  className="rd-admin-list__handle rd-focusable"
                  aria-label={t('workspace.lists.handle', { name })}
                  aria-describedby={hintId}
                  onKeyDown={onHandleKey(index)}
                >
                  ⠿
                </button>
              )}
              <div className="rd-admin-list__content">{children(item, index)}</div>
              {disabled ? null : (
                <span className="rd-admin-list__moves">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('workspace.lists.moveUp', { name })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('workspace.lists.moveDown', { name })}
                  >
                    ↓
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="rd-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
