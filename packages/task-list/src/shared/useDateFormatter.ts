/** A date formatter in the interface's culture, stable while the language stays the same. */
import { useMemo } from 'react';
import { useTaskListTranslation } from '../i18n/resources';

export function useDateFormatter(withTime = false): (iso: string | null | undefined) => string {
  const { culture } = useTaskListTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(culture, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' as const } : {}),
    });
    return (iso) => {
      if (!iso) return '—';
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '—' : format.format(date);
    };
  }, [culture, withTime]);
}
