/**
 * Translated row labels, made once per list and language instead of once per row: a page change
 * mounts ~20 rows, and each i18next lookup with interpolation costs more than the rest of a cell.
 */
import { enumTextKey, type Schema } from '@reviewdesk/api-client';
import { clockTime, useUiTranslation } from '@reviewdesk/ui';
import { useMemo } from 'react';
import { useTaskListTranslation } from '../i18n/resources';
import { LABELLING_STATUSES } from '../model/taskKinds';

const MARK = '\u0000';

/**
 * Turns a translation with one value (`Actions for {{name}}`) into a function that fills it in by
 * concatenation: translated once with a marker, split at the marker.
 */
export function fillIn(translated: (value: string) => string): (value: string) => string {
  const parts = translated(MARK).split(MARK);
  if (parts.length !== 2) return translated;
  const [before = '', after = ''] = parts;
  return (value) => before + value + after;
}

/** The labels a row needs. */
export interface CellLabels {
  /** The checkbox of a row. */
  selectRow: (name: string) => string;
  /** The actions button of a row. */
  rowActions: (name: string) => string;
  /** A status's name (the badge's tooltip). */
  statusName: (code: number) => string;
  /** Where a text-search passage is: "Page 2", "Field values, page 1", "At 1:05". */
  matchPlace: (match: Schema<'IndexSearchMatch'>) => string;
  /** "3 more passages" below a hit's passage. */
  moreMatches: (count: number) => string;
  /** A labelling status's name ("To label"); empty for none or an unknown code. */
  labellingName: (code: number | null | undefined) => string;
}

export function useCellLabels(): CellLabels {
  const { t } = useTaskListTranslation();
  const ui = useUiTranslation();
  return useMemo(() => {
    const names = new Map<number, string>();
    return {
      selectRow: fillIn((name) => t('selection.row', { name })),
      rowActions: fillIn((name) => t('actions.menu', { name })),
      matchPlace: (match) => {
        if (match.startTimeSeconds !== null && match.startTimeSeconds !== undefined)
          return t('toolbar.matchTime', { time: clockTime(match.startTimeSeconds) });
        if (match.pageNumber === null || match.pageNumber === undefined) return '';
        return t(match.source === 'fields' ? 'toolbar.matchFields' : 'toolbar.matchPage', { page: match.pageNumber });
      },
      moreMatches: (count) => t('toolbar.moreMatches', { count }),
      labellingName: (code) => {
        const status = LABELLING_STATUSES.find((s) => s.code === code);
        return status ? t(`filters.labellingStatus.${status.name}`) : '';
      },
      statusName: (code) => {
        let name = names.get(code);
        if (name === undefined) {
          const key = enumTextKey('TaskStatus', code);
          name = key ? ui.t(key) : ui.t('taskStatus.unknown', { code });
          names.set(code, name);
        }
        return name;
      },
    };
  }, [t, ui.t]);
}
