import type { Contract } from '../contract/contract.js';
import type { HandlerMap } from '../http/handler.js';

export interface CoverageReport {
  implemented: string[];
  missing: string[];
  /** Handlers whose operationId the contract does not have (renamed or removed operations). */
  orphans: string[];
  text: string;
}

export function coverageReport(contract: Contract, handlers: HandlerMap): CoverageReport {
  const ids = contract.operations.map((o) => o.operationId);
  const implemented = ids.filter((id) => id in handlers);
  const missing = ids.filter((id) => !(id in handlers));
  const orphans = Object.keys(handlers).filter((id) => !contract.byId.has(id));
  const byTag = new Map<string, { done: number; total: number }>();
  for (const op of contract.operations) {
    const tag = op.tags[0] ?? '(untagged)';
    const entry = byTag.get(tag) ?? { done: 0, total: 0 };
    entry.total++;
    if (op.operationId in handlers) entry.done++;
    byTag.set(tag, entry);
  }
  const lines = [
    `implemented ${implemented.length}/${ids.length} operations`,
    ...[...byTag]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, { done, total }]) => `  ${tag.padEnd(16)} ${done}/${total}`),
    `implemented: ${implemented.join(', ') || '-'}`,
  ];
  if (orphans.length) lines.push(`handlers without a contract operation: ${orphans.join(', ')}`);
  return { implemented, missing, orphans, text: lines.join('\n') };
}
