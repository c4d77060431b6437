/**
 * WAI-ARIA tabs with roving focus: one tab is in the Tab order, arrow keys move between tabs
 * and select them (automatic activation), Home/End jump to the ends. Only the selected
 * panel is mounted.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from '../../utils/cx';

/** One tab and its panel. */
export interface TabItem {
  /** Stable id, used as the value (the spec's tab names, e.g. `'to-review'`). */
  id: string;
  label: ReactNode;
  panel: ReactNode;
  disabled?: boolean;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  tabs: readonly TabItem[];
  /** Selected tab when controlled by the host. */
  selectedId?: string;
  /** Initially selected tab when uncontrolled. @default the first enabled tab */
  defaultSelectedId?: string;
  /** Called with the id of the newly selected tab. */
  onSelect?: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/**
 * Tabs with keyboard support.
 * @example
 * <Tabs label="Task views" tabs={[{ id: 'to-review', label: 'To review', panel: <List /> }]} />
 */
export function Tabs({ tabs, selectedId, defaultSelectedId, onSelect, label, className }: TabsProps) {
  const baseId = useId();
  const firstEnabled = tabs.find((tab) => !tab.disabled)?.id;
  const [internal, setInternal] = useState(defaultSelectedId ?? firstEnabled);
  const current = selectedId ?? internal;
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (selectedId === undefined) setInternal(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const index = enabled.findIndex((tab) => tab.id === current);
    const moves: Record<string, number | undefined> = {
      ArrowRight: (index + 1) % enabled.length,
      ArrowLeft: (index - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    };
    const target = moves[event.key];
    const next = target === undefined ? undefined : enabled[target];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    refs.current.get(next.id)?.focus();
  };

  const active = tabs.find((tab) => tab.id === current);
  return (
    <div className={cx('rd-tabs', className)}>
      <div role="tablist" aria-label={label} className="rd-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              className="rd-tabs__tab rd-focusable"
              onClick={() => select(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          // The APG tabs pattern: the panel is focusable so keyboard users reach content without controls.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
          className="rd-tabs__panel rd-focusable"
        >
          {active.panel}
        </div>
      ) : null}
    </div>
  );
}
