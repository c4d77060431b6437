/**
 * Optional instrumentation a host (or a benchmark) can pass to count row renders. Travels in a
 * context, per list, so rows report to their own list only.
 */
import { createContext, useContext } from 'react';

/** Hooks for measuring the list; none of them changes what it does. */
export interface TaskListDiagnostics {
  /** Called each time a row renders (not when React skips it), with the task id. */
  onRowRender?: (taskId: string) => void;
}

export const DiagnosticsContext = createContext<TaskListDiagnostics | undefined>(undefined);

export function useDiagnostics(): TaskListDiagnostics | undefined {
  return useContext(DiagnosticsContext);
}
