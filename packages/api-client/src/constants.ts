/**
 * The specification's constants that govern calls: polling and refresh intervals, debounces before
 * calls, upload and paging limits (api-spec §9, product-spec §5 and §9). Exported by name so every
 * package uses the same numbers; presentation-only values (colours, zoom animation, playback
 * rates) belong to `@reviewdesk/ui`.
 */

/** How often the task list refreshes while shown (ms). */
export const TASK_LIST_REFRESH_INTERVAL_MS = 10_000;

/** Minimum time between two licence-activity calls (throttle, ms). */
export const LICENSE_ACTIVITY_THROTTLE_MS = 15_000;

/** How often usage metrics refresh (ms). */
export const METRICS_REFRESH_INTERVAL_MS = 60_000;

/** How often a custom model's training status is polled (ms). */
export const TRAINING_STATUS_POLLING_INTERVAL_MS = 30_000;

/** How often a video's text summary is polled while it is being made (ms). */
export const TEXT_SUMMARY_POLLING_INTERVAL_MS = 20_000;

/**
 * Minimum time between two renewals of a task checkout (ms, 4 minutes). The checkout itself lasts
 * the workspace's `checkoutExpireMinutes`.
 */
export const CHECKOUT_RENEWAL_MIN_INTERVAL_MS = 240_000;

/** How long the warning of a failed health check stays on screen (ms). */
export const HEALTH_WARNING_DURATION_MS = 7_000;

/** Debounce of the user search while inviting a user (ms). */
export const INVITE_USER_SEARCH_DEBOUNCE_MS = 750;

/** Debounce of the search on the home page (ms). */
export const HOME_SEARCH_DEBOUNCE_MS = 250;

/** Debounce of editor changes before they are saved (ms). */
export const EDITOR_CHANGE_DEBOUNCE_MS = 500;

/** Debounce of a value edited in the viewer's side panel (ms). */
export const SIDE_PANEL_VALUE_UPDATE_DEBOUNCE_MS = 500;

/** Debounce of a field-group name edit (ms). */
export const GROUP_NAME_DEBOUNCE_MS = 750;

/** Debounce of a workspace field update (ms). */
export const WORKSPACE_FIELD_UPDATE_DEBOUNCE_MS = 750;

/** Chunk size of resumable (tus) uploads: 0x5F00000 bytes (95 MiB). */
export const UPLOAD_CHUNK_SIZE_BYTES = 0x5f0_0000;

/** Largest file a workspace accepts unless its `maxFileSizeBytes` says otherwise: 20 MiB. */
export const DEFAULT_MAX_FILE_SIZE_BYTES = 20_971_520;

/** Most pages one import may have. */
export const MAX_IMPORT_PAGES = 2000;

/** Most assignees shown by name on a task; the rest are counted. */
export const MAX_ASSIGNEES_SHOWN = 3;

/** Most objects (boxes) the viewer's spatial index holds for hit-testing on one page. */
export const SPATIAL_INDEX_MAX_OBJECTS = 5000;

/** Expiry of a media segment share, in days: allowed range and default. */
export const MEDIA_SEGMENT_SHARE_EXPIRY_DAYS = { min: 1, max: 90, default: 31 } as const;

/** Longest description of a share, in characters. */
export const SHARE_DESCRIPTION_MAX_LENGTH = 256;

/** Expiry of an exported file's link, in hours: allowed range. */
export const EXPORT_LINK_EXPIRY_HOURS = { min: 1, max: 168 } as const;

/** Days until processed tasks leave the history (`daysUntilHistoryRemoval`): allowed range and default. */
export const HISTORY_REMOVAL_DAYS = { min: 1, max: 90, default: 31 } as const;

/** Days an upload imported by e-mail is kept in storage. */
export const EMAIL_IMPORT_STORAGE_EXPIRY_DAYS = 31;

/** Smallest `hoursUntilTasksConsideredStuck` a workspace may set. */
export const STUCK_TASK_MIN_HOURS = 1;

/** Fewest classified tasks for a custom model to train well. */
export const TRAINING_MIN_TASKS = 5;

/** Most pages a training set may have, per kind of custom model. */
export const TRAINING_MAX_PAGES = { template: 500, neural: 50_000 } as const;
