/** The strings of WorkspaceSettings: its section of the namespace and the common strings, in five languages. */
import { workspaceDe } from '../i18n/locales/workspace/de';
import { workspaceEn } from '../i18n/locales/workspace/en';
import { workspaceEs } from '../i18n/locales/workspace/es';
import { workspaceFr } from '../i18n/locales/workspace/fr';
import { workspacePt } from '../i18n/locales/workspace/pt';
import { screenStrings } from '../i18n/resources';

export const workspaceStrings = screenStrings({
  pt: { workspace: workspacePt },
  en: { workspace: workspaceEn },
  de: { workspace: workspaceDe },
  fr: { workspace: workspaceFr },
  es: { workspace: workspaceEs },
});
