// Predefined texts reviewers insert in the viewer: kept in the workspace configuration
// (`predefinedTexts`). PATCH replaces the whole list; an empty text or an id used twice is
// WorkspaceConfigError (10).
import type { Db } from '../../db/database.js';
import type { Session } from '../session.js';
import { openWorkspace } from './access.js';
import { checkPredefinedTexts, resolveConfiguration, storedOf } from './configuration.js';
import type { PredefinedText } from './types.js';

export async function getPredefinedTexts(db: Db, session: Session, workspaceId: string): Promise<PredefinedText[]> {
  const { row } = await openWorkspace(db, session, workspaceId);
  return resolveConfiguration(row).predefinedTexts;
}

export async function patchPredefinedTexts(db: Db, session: Session, workspaceId: string, texts: PredefinedText[]) {
  const { scope, row } = await openWorkspace(db, session, workspaceId);
  checkPredefinedTexts(texts);
  const predefinedTexts = texts.map((t) => ({ id: t.id, text: t.text }));
  await scope.update(workspaceId, { configuration: { ...storedOf(row), predefinedTexts } });
  return { succeeded: true, errors: [], result: true };
}
