/**
 * Build-time settings of the reference app. The server and the app share one origin in
 * production (the server serves apps/web/dist), so the server URL defaults to the page's origin;
 * the help-centre links are the deployment's own, set with VITE_* variables at build time.
 */

/** The settings the app reads once at start. */
export interface WebConfig {
  /** The Reviewdesk server (API, sign-in, SPA settings). @default the page's origin */
  serverUrl: string;
  /** External documentation opened from the help centre. */
  documentationUrl: string;
  /** Support address of the help centre's mail link. */
  supportEmail: string;
}

interface Env {
  VITE_REVIEWDESK_SERVER_URL?: string;
  VITE_DOCUMENTATION_URL?: string;
  VITE_SUPPORT_EMAIL?: string;
}

// `.example` addresses are reserved for documentation (RFC 2606): a deployment that forgets to set
// its own links shows obviously unconfigured ones rather than someone else's.
const DEFAULT_DOCUMENTATION_URL = 'https://docs.reviewdesk.example/';
const DEFAULT_SUPPORT_EMAIL = 'support@reviewdesk.example';

/** Reads the settings from Vite's env (or any record, in tests). */
export function readConfig(env: Env = import.meta.env as Env, origin = globalThis.location?.origin ?? ''): WebConfig {
  return {
    serverUrl: (env.VITE_REVIEWDESK_SERVER_URL || origin).replace(/\/+$/, ''),
    documentationUrl: env.VITE_DOCUMENTATION_URL || DEFAULT_DOCUMENTATION_URL,
    supportEmail: env.VITE_SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL,
  };
}
