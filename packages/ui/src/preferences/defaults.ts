/**
 * Preferences one user keeps on one device (spec §9 and §4 viewer defaults). They are
 * convenience state, not account settings, so they live in localStorage, never on the server.
 */

/** Light or dark skin. */
export type Skin = 'light' | 'dark';

/** The device-local preferences of one user. */
export interface Preferences {
  /** @default 'light' */
  skin: Skin;
  /** Navigation menu layout. @default 'vertical' */
  menuLayout: 'vertical' | 'horizontal';
  /** Whether the vertical menu is expanded. @default true */
  menuExpanded: boolean;
  /** Content spans the full width instead of a centred column. @default true */
  fullWidth: boolean;
  /** Viewer saves edits automatically. @default true */
  autosave: boolean;
  /** Viewer shows the OCR text layer over pages. @default false */
  ocrLayer: boolean;
  /** Transcript follows playback. @default true */
  autoscroll: boolean;
  /**
   * Typing in the transcript pauses playback, which resumes after a short pause in the typing.
   * Off unless the reviewer turns it on (the spec sets no default). @default false
   */
  autoPause: boolean;
  /** Workspaces last selected, most recent first. @default [] */
  lastWorkspaceIds: string[];
  /** Developer switches by name (e.g. `{ queryDevtools: true }`). @default {} */
  debug: Record<string, boolean>;
}

/** The spec's defaults, used for a first visit and for any value that fails validation. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  skin: 'light',
  menuLayout: 'vertical',
  menuExpanded: true,
  fullWidth: true,
  autosave: true,
  ocrLayer: false,
  autoscroll: true,
  autoPause: false,
  lastWorkspaceIds: [],
  debug: {},
});

/** How many recent workspaces are remembered. */
export const MAX_RECENT_WORKSPACES = 10;

/**
 * Keeps only well-typed fields of stored data: storage can hold anything (older versions,
 * hand edits), and a bad value must never break the app — it falls back to the default.
 */
export function sanitizePreferences(raw: unknown): Preferences {
  const input = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const bool = (key: keyof Preferences, fallback: boolean) =>
    typeof input[key] === 'boolean' ? (input[key] as boolean) : fallback;
  const d = DEFAULT_PREFERENCES;
  const debug =
    typeof input.debug === 'object' && input.debug !== null && !Array.isArray(input.debug)
      ? Object.fromEntries(Object.entries(input.debug).filter(([, v]) => typeof v === 'boolean'))
      : {};
  return {
    skin: input.skin === 'dark' || input.skin === 'light' ? input.skin : d.skin,
    menuLayout: input.menuLayout === 'horizontal' || input.menuLayout === 'vertical' ? input.menuLayout : d.menuLayout,
    menuExpanded: bool('menuExpanded', d.menuExpanded),
    fullWidth: bool('fullWidth', d.fullWidth),
    autosave: bool('autosave', d.autosave),
    ocrLayer: bool('ocrLayer', d.ocrLayer),
    autoscroll: bool('autoscroll', d.autoscroll),
    autoPause: bool('autoPause', d.autoPause),
    lastWorkspaceIds: Array.isArray(input.lastWorkspaceIds)
      ? input.lastWorkspaceIds.filter((id): id is string => typeof id === 'string').slice(0, MAX_RECENT_WORKSPACES)
      : [],
    debug,
  };
}
