// Table types for Kysely. Column names are snake_case in SQL; the API's camelCase is mapped in the
// domain modules so the database stays readable to anyone with psql.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface TenantsTable {
  id: string;
  code: string;
  name: string;
  invitation_blocked: Generated<boolean>;
  created_on: CreatedAt;
}

export interface RolesTable {
  id: string;
  name: string;
  order: number;
  tenant_selectable: boolean;
  hidden: boolean;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  user_name: string;
  contact: string | null;
  password_hash: string | null;
  email_confirmed: Generated<boolean>;
  failed_sign_ins: Generated<number>;
  locked_until: Timestamp | null;
  /** Tenant the user works in now (Tenant/ChangeTenant); reset to the default tenant at sign-in. */
  current_tenant_id: string | null;
  profile_picture: string | null;
  created_on: CreatedAt;
}

export interface TenantMembershipsTable {
  tenant_id: string;
  user_id: string;
  role_id: string;
  status: number;
  impersonate_role_id: string | null;
  is_default: Generated<boolean>;
  is_owner: Generated<boolean>;
  joined_on: CreatedAt;
}

export interface AbilityBlacklistTable {
  tenant_id: string;
  /** `Resource.Action`, e.g. `Task.Delete`. */
  ability: string;
}

export interface WorkspacesTable {
  id: string;
  tenant_id: string;
  display_name: string;
  description: string | null;
  is_default: Generated<boolean>;
  task_type: string;
  workspace_type: number;
  template_type: number;
  languages: Json<string[]>;
  configuration: Json<Record<string, unknown>>;
  soft_deleted: Generated<boolean>;
  created_on: CreatedAt;
}

export interface BatchesTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  display_name: string;
  description: string | null;
  is_open: boolean;
  status: number;
  batch_type: number;
  created_on: CreatedAt;
}

export interface TasksTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  batch_id: string | null;
  sequential_by_workspace_id: number;
  display_name: string;
  description: string | null;
  external_id: string | null;
  status: number;
  total_pages: Generated<number>;
  restart_count: Generated<number>;
  created_by: string | null;
  created_on: CreatedAt;
  modified_on: Timestamp;
}

export interface TaskEventsTable {
  id: Generated<string>;
  tenant_id: string;
  task_id: string;
  event_type: string;
  description: string;
  payload: Json<Record<string, unknown>>;
  created_on: CreatedAt;
}

export interface ApiSecretsTable {
  client_id: string;
  tenant_id: string;
  client_secret: string;
  expiration: Timestamp | null;
  created_on: CreatedAt;
}

/** Persistent state of the OpenID Connect provider (sessions, grants, codes, refresh tokens …). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** Signing keys and cookie secrets shared by every replica. */
export interface ServerSecretsTable {
  name: string;
  value: Json<unknown>;
}

/** Single-use links sent by e-mail (password reset, e-mail confirmation, deletion). */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: string;
  data: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface Database {
  tenants: TenantsTable;
  roles: RolesTable;
  users: UsersTable;
  tenant_memberships: TenantMembershipsTable;
  ability_blacklist: AbilityBlacklistTable;
  workspaces: WorkspacesTable;
  batches: BatchesTable;
  tasks: TasksTable;
  task_events: TaskEventsTable;
  api_secrets: ApiSecretsTable;
  oidc_payloads: OidcPayloadsTable;
  server_secrets: ServerSecretsTable;
  account_tokens: AccountTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MembershipRow = Selectable<TenantMembershipsTable>;
export type TenantRow = Selectable<TenantsTable>;
export type RoleRow = Selectable<RolesTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type BatchRow = Selectable<BatchesTable>;

// --- Tasks: files, uploads, creation fields, assignment, checkout, events (migration 0004_tasks) ---
// bigint columns arrive as a string from PostgreSQL and as a number from PGlite: read with Number().
type BigIntColumn = ColumnType<string | number, number, number>;

/** A stored file; `storage_key` is generated, the uploaded name is only kept in `file_name`. */
export interface BlobsTable {
  id: string;
  tenant_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: BigIntColumn;
  sha256: string;
  created_by: string | null;
  created_on: CreatedAt;
}

/** A resumable (tus 1.0) upload, its bytes in storage under `storage_key` as they arrive. */
export interface UploadsTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  created_by: string | null;
  created_by_client: string | null;
  storage_key: string;
  file_name: string;
  file_type: string | null;
  upload_length: BigIntColumn;
  upload_offset: ColumnType<string | number, number | undefined, number>;
  metadata: Json<Record<string, string>>;
  completed_on: Timestamp | null;
  /** Set when a task was created from the upload (an upload makes one task). */
  task_id: string | null;
  created_on: CreatedAt;
  expires_on: Timestamp;
}

export interface WorkspaceTaskCountersTable {
  workspace_id: string;
  tenant_id: string;
  last_number: number;
}

export interface TaskAssignmentUsersTable {
  tenant_id: string;
  task_id: string;
  user_id: string;
  /** Review order (0 first); matters for AssignmentOrder Sequence. */
  position: number;
  has_reviewed: Generated<boolean>;
  reviewed_on: Timestamp | null;
}

// Columns 0004 adds to tables of 0001 (interface merging keeps the original declarations untouched).
export interface TasksTable {
  blob_id: ColumnType<string | null, string | null | undefined, string | null>;
  original_file_name: ColumnType<string | null, string | null | undefined, string | null>;
  content_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
  priority: ColumnType<number | null, number | null | undefined, number | null>;
  context: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  custom_form_values: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  metadata: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  use_higher_quality: Generated<boolean>;
  is_imported_via_web: Generated<boolean>;
  created_by_client: ColumnType<string | null, string | null | undefined, string | null>;
  modified_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** AssignmentOrder (10/20/30) while the task has assignment users, else null. */
  assignment_order_type: ColumnType<number | null, number | null | undefined, number | null>;
  last_checked_out_by: ColumnType<string | null, string | null | undefined, string | null>;
  last_checked_out_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface TaskEventsTable {
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
  event_source: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  blobs: BlobsTable;
  uploads: UploadsTable;
  workspace_task_counters: WorkspaceTaskCountersTable;
  task_assignment_users: TaskAssignmentUsersTable;
}

export type TaskRow = Selectable<TasksTable>;
export type TaskEventRow = Selectable<TaskEventsTable>;
export type BlobRow = Selectable<BlobsTable>;
export type UploadRow = Selectable<UploadsTable>;

// --- Workspaces: membership and default assignments (migration 0003_workspaces) ---
export interface WorkspaceMembersTable {
  tenant_id: string;
  workspace_id: string;
  user_id: string;
  /** UserStatus: Active 10, Inactive 20. */
  status: number;
  added_by: string | null;
  joined_on: CreatedAt;
}

export interface WorkspaceDefaultAssignmentsTable {
  workspace_id: string;
  tenant_id: string;
  is_enabled: boolean;
  /** AssignmentOrder: AnyUser 10, AnyOrder 20, Sequence 30. */
  order_type: number;
  /** Assigned users in review order. */
  user_ids: Json<string[]>;
  modified_by: string | null;
  modified_on: Timestamp;
}

export interface Database {
  workspace_members: WorkspaceMembersTable;
  workspace_default_assignments: WorkspaceDefaultAssignmentsTable;
}

export type WorkspaceMemberRow = Selectable<WorkspaceMembersTable>;

// --- Processing (migration 0005_processing) ---
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface TasksTable {
  status_changed_on: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Worker id holding the task while it processes; null when no worker does. */
  claimed_by: Nullable<string>;
  /** The claim's lease; a task past it belongs to a dead worker and is requeued. */
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** pdf | image | audio | video, detected from the bytes. */
  file_kind: Nullable<string>;
  media_duration_ms: Nullable<number>;
  document_version: Generated<number>;
  average_confidence: Nullable<number>;
  credits_spent: Generated<number>;
  last_error: Nullable<string>;
  processing_started_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  processing_finished_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  split_source_id: Nullable<string>;
  split_first_page: Nullable<number>;
  split_last_page: Nullable<number>;
}

export interface TaskPagesTable {
  tenant_id: string;
  task_id: string;
  page_number: number;
  width: number;
  height: number;
  /** `point` for PDF pages, `pixel` for images (PageSize.unit). */
  unit: string;
  rotation: Generated<number>;
  image_blob_id: string | null;
  /** DocumentResult of the page. */
  document: Json<Record<string, unknown>>;
  /**
   * OcrPageResult of the page in its stored form (domain/results/stored-ocr.ts); type json, kept as
   * the text written (migration 0027_page_ocr_json).
   */
  ocr: Json<Record<string, unknown>> | null;
  version: Generated<number>;
  modified_by: string | null;
  modified_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TaskMediaTable {
  task_id: string;
  tenant_id: string;
  duration_ms: number;
  /** MediaInfo from probing (streams, channels, sample rate). */
  info: Json<Record<string, unknown>>;
  waveform_blob_id: string | null;
  /** Transcript of the contract. */
  transcript: Json<Record<string, unknown>> | null;
  engine: string | null;
  version: Generated<number>;
  modified_by: string | null;
  modified_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TaskIntegrationsTable {
  id: string;
  tenant_id: string;
  task_id: string;
  /** IntegrationStatus: Never 1, Queued 2, Successful 3, Failed 4 (product-spec §4). */
  status: number;
  integration_type: string;
  attempts: Generated<number>;
  message: string | null;
  result_blob_id: string | null;
  created_on: CreatedAt;
  finished_on: Timestamp | null;
}

export interface Database {
  task_pages: TaskPagesTable;
  task_media: TaskMediaTable;
  task_integrations: TaskIntegrationsTable;
}

export type TaskPageRow = Selectable<TaskPagesTable>;
export type TaskMediaRow = Selectable<TaskMediaTable>;
export type TaskIntegrationRow = Selectable<TaskIntegrationsTable>;

// --- Licences and their usage (migration 0006_licences) ---
export interface LicencesTable {
  id: string;
  tenant_id: string;
  /** LicenseRecord.licenseId: the licence server's id, TRIAL for trial licences. */
  licence_key: string;
  activation_code: string | null;
  is_trial: Generated<boolean>;
  /** Credits granted. */
  volume: number;
  /** Credits still available. */
  current_volume: number;
  activation_date: ColumnType<Date, Date | string | undefined, Date | string>;
  expiration_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  store_url: string | null;
  licence_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_on: CreatedAt;
}

/** LicenseUsageItem: the credits one task took from a licence. */
export interface LicenseUsageTable {
  id: string;
  tenant_id: string;
  licence_id: string;
  task_id: string | null;
  task_type: string | null;
  document_name: string | null;
  total_pages: number | null;
  credits_spent: number;
  /** Credits per unit (page or minute) applied. */
  credits_cost: number;
  credits_mapping_id: string | null;
  /** Volume left on the licence right after this task. */
  current_volume: number;
  total_volume: number;
  status: number | null;
  process_date: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  licences: LicencesTable;
  license_usage: LicenseUsageTable;
}

export type LicenceRow = Selectable<LicencesTable>;
export type LicenseUsageRow = Selectable<LicenseUsageTable>;

// --- Workers (migration 0009_workers) ---
export interface TasksTable {
  /** The in-progress status the scheduler last found the task stuck in (Task.lastStuckStatus). */
  last_stuck_status: Nullable<number>;
  last_stuck_status_modified_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

// --- Exports (migration 0008_exports) ---
export interface TaskIntegrationsTable {
  /** The user whose finished review queued the delivery; null for API clients and the system. */
  queued_by: ColumnType<string | null, string | null | undefined, string | null>;
}

// --- Split recordings (migration 0010_media_split) ---
export interface TasksTable {
  /** Start of a recording chunk's range, in seconds from the start of the source's file. */
  offset_start: Nullable<number>;
  /** End of a recording chunk's range, in seconds. */
  offset_end: Nullable<number>;
}

// --- Rate limits (migration 0011_rate_limits) ---
export interface RateLimitCountersTable {
  /** What is counted, e.g. `sign-in:client:<ip>` or `sign-in:account:<e-mail>`. */
  key: string;
  hits: number;
  /** When the count starts again; pushed further out while a backoff lasts. */
  window_ends_at: Timestamp;
}

export interface Database {
  rate_limit_counters: RateLimitCountersTable;
}

// --- E-invoice XML (migration 0012_einvoice_xml) ---
export interface TasksTable {
  /** The EN 16931 XML the task's invoice was read from (embedded in its PDF or the file itself). */
  einvoice_blob_id: Nullable<string>;
}

// --- Translations (migration 0019_translations) ---
export interface TaskPagesTable {
  /** The page's recognised text in the target language (Translation tasks). */
  translated_text: Nullable<string>;
}

export interface TasksTable {
  /** How a Translation task was translated: `{ from, to, engine }` (ISO 639-1 codes). */
  translation: ColumnType<
    { from: string; to: string; engine: string } | null,
    string | null | undefined,
    string | null
  >;
}

// --- Import channels (migration 0014_import_channels) ---
/** A tenant's connection to a file-sharing site; workspaces' storage names it by `name`. */
export interface StorageConnectionsTable {
  id: string;
  tenant_id: string;
  /** `sharePoint` (Microsoft Graph) or `webDav`. */
  kind: string;
  display_name: string;
  name: string;
  /** SharePoint: the application (client) id; WebDAV: the user name. */
  client_id: string;
  /** The client secret (WebDAV: the password), encrypted; never returned. */
  secret_ciphertext: string;
  /** SharePoint: the site host (contoso.sharepoint.com); WebDAV: the server's base URL. */
  hostname: string;
  default_site: string | null;
  drive_id: string | null;
  created_on: CreatedAt;
  modified_on: Timestamp;
}

export interface Database {
  storage_connections: StorageConnectionsTable;
}

export type StorageConnectionRow = Selectable<StorageConnectionsTable>;

/** A message received at a workspace's import address; its raw bytes are kept until `expires_on`. */
export interface MailImportsTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  message_id: string | null;
  /** The From address of the message, lower case. */
  sender: string;
  /** The tenant member the sender is, or null for an outside sender the workspace accepts. */
  sender_user_id: string | null;
  recipient: string;
  subject: string;
  /** The text body, kept as the context of the tasks made from the attachments. */
  body_text: string;
  task_ids: Json<string[]>;
  /** The raw message in blob storage; null once it expired and was removed. */
  storage_key: string | null;
  size: BigIntColumn;
  sha256: string;
  received_on: CreatedAt;
  expires_on: Timestamp;
  expired_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  mail_imports: MailImportsTable;
}

export type MailImportRow = Selectable<MailImportsTable>;
// --- Templates and custom models (migration 0017_templates) ---
export interface TasksTable {
  /** LabellingStatus of a task of a labelling-and-training workspace (10, 20, 30); null elsewhere. */
  labelling_status: Nullable<number>;
}

/** A field of a workspace's template; `definition` is the TemplateBuilderField without id and workspace. */
export interface TemplateFieldsTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  category_key: string;
  position: number;
  definition: Json<Record<string, unknown>>;
  created_by: string | null;
  created_on: CreatedAt;
  modified_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One version of a custom model, from queued to trained (ModelTrainingStatus 30–60). */
export interface CustomModelsTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  model_name: string;
  /** TemplateType of the training: TrainTemplate 30 or TrainNeural 50. */
  template_type: number;
  version_number: number;
  training_status: number;
  service_name: string | null;
  /** Field accuracy on the held-out labelled documents (0–1), once trained. */
  average_confidence: number | null;
  training_duration_minutes: number | null;
  /** Percent of the training done. */
  progress: Generated<number>;
  failure_reason: string | null;
  /** The classified tasks the version is trained on, fixed when it is queued. */
  task_ids: Json<string[]>;
  page_count: number;
  /** The template's fields when the version was queued (TemplateBuilderField[]). */
  fields: Json<Array<Record<string, unknown>>>;
  /** What training learned; null until trained. */
  model: Json<Record<string, unknown>> | null;
  created_by: string | null;
  created_on: CreatedAt;
  status_changed_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CustomModelEventsTable {
  id: Generated<string>;
  tenant_id: string;
  model_id: string;
  event_type: string;
  description: string;
  payload: Json<Record<string, unknown>>;
  user_id: string | null;
  event_source: string | null;
  external_id: string | null;
  created_on: CreatedAt;
}

export interface Database {
  template_fields: TemplateFieldsTable;
  custom_models: CustomModelsTable;
  custom_model_events: CustomModelEventsTable;
}

export type TemplateFieldRow = Selectable<TemplateFieldsTable>;
export type CustomModelRow = Selectable<CustomModelsTable>;
export type CustomModelEventRow = Selectable<CustomModelEventsTable>;
// --- Account settings (migration 0013_account_settings) ---
export interface UsersTable {
  /** Guided tours seen, by name (taskListSeen, taskViewerSeen). */
  tours_seen: ColumnType<Record<string, boolean>, string | undefined, string>;
  /** Language (pt, en, de, fr, es) the user last signed in with; null until the first sign-in. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sign-in through an external identity provider linked to an account. */
export interface UserExternalLoginsTable {
  user_id: string;
  login_provider: string;
  provider_key: string;
  provider_display_name: string | null;
  created_on: CreatedAt;
}

export interface Database {
  user_external_logins: UserExternalLoginsTable;
}

export interface WorkspaceNotificationConfigsTable {
  workspace_id: string;
  tenant_id: string;
  language: string;
  /** NotificationEventConfig[] of the contract, as saved. */
  events: ColumnType<StoredNotificationEvent[], string, string>;
  modified_by: string | null;
  modified_on: ColumnType<Date, Date | string | undefined, Date | string>;
  created_on: CreatedAt;
}

export interface StoredNotificationEvent {
  eventType: number;
  configs: Array<{
    notificationType: number;
    notifyCreator: boolean;
    notifyReviewers: boolean;
    customRecipients: string[];
  }>;
}

export interface NotificationDeliveriesTable {
  event_id: ColumnType<string, string | number, never>;
  tenant_id: string;
  task_id: string;
  /** NotificationEvent: TaskReadyToReview 10, TaskSentToHistory 20. */
  event: number;
  created_on: CreatedAt;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  recipients: number | null;
  last_error: string | null;
}

export interface Database {
  workspace_notification_configs: WorkspaceNotificationConfigsTable;
  notification_deliveries: NotificationDeliveriesTable;
}
// --- Text search (migration 0016_text_search) ---
export interface TasksTable {
  /** IndexStatus (product-spec §4): WaitingForFirstIndex 50 … Indexed 400. */
  index_status: Generated<number>;
  /** Id of the task in the index (the task's own id: the index lives in this database). */
  index_id: Nullable<string>;
  index_service_name: Nullable<string>;
  last_indexed_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One searchable piece of a task's text: a page, a page's field values or a transcript paragraph. */
export interface TaskTextEntriesTable {
  id: Generated<string>;
  tenant_id: string;
  workspace_id: string;
  task_id: string;
  /** page | fields | transcript */
  source: string;
  page_number: number | null;
  start_time_seconds: number | null;
  position: number;
  speaker_name: string | null;
  /** The text-search configuration of the entry's language (english, portuguese, … simple). */
  config: string;
  body: string;
  /** Generated from config and body. */
  document: ColumnType<string, never, never>;
}

export interface IndexLogsTable {
  id: Generated<string>;
  tenant_id: string;
  workspace_id: string;
  task_id: string;
  index_id: string | null;
  index_service_name: string | null;
  index_status: number;
  log_message: string | null;
  created_on: CreatedAt;
}

/** A page a person bookmarked (domain/bookmarks.ts numbers the pages). */
export interface UserBookmarksTable {
  tenant_id: string;
  user_id: string;
  bookmark_id: number;
  created_on: CreatedAt;
}

export interface Database {
  task_text_entries: TaskTextEntriesTable;
  index_logs: IndexLogsTable;
  user_bookmarks: UserBookmarksTable;
}

export type IndexLogRow = Selectable<IndexLogsTable>;

// --- Summaries and DocAI (migration 0021_summaries) ---

/** A key frame of a video summary: where it is and the stored picture. */
export interface StoredKeyFrame {
  timeSeconds: number;
  blobId: string;
}

/** The latest summary of a task (a new request replaces it). */
export interface TaskSummariesTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  task_id: string;
  /** SummaryState (product-spec §4): Processing 0, Processed 1, Failed 2, Timeout 3, CanceledByUser 4, CanceledExternally 5, Uploaded 6. */
  state: number;
  summary_style: number;
  summary_length: number;
  included_frames: number;
  /** How it was made: 'extractive' (quoted sentences) or 'language-model'. */
  method: string | null;
  model_name: string | null;
  summary: string | null;
  disclaimer: string | null;
  failure_message: string | null;
  progress: Generated<number>;
  key_frames: ColumnType<StoredKeyFrame[], string | undefined, string>;
  credits_spent: Generated<number>;
  requested_by: string | null;
  claimed_by: string | null;
  lease_until: Timestamp | null;
  created_on: CreatedAt;
  last_update_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A DocAI conversation of one person about one task. */
export interface ChatThreadsTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  task_id: string | null;
  user_id: string;
  created_on: CreatedAt;
  modified_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  tenant_id: string;
  thread_id: string;
  /** ChatMessageRole: User 10, Assistant 20. */
  role: number;
  content: string;
  method: string | null;
  references: ColumnType<unknown[], string | undefined, string>;
  created_on: CreatedAt;
}

export interface Database {
  task_summaries: TaskSummariesTable;
  chat_threads: ChatThreadsTable;
  chat_messages: ChatMessagesTable;
}

export type TaskSummaryRow = Selectable<TaskSummariesTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
// --- Pipeline settings (migration 0022_pipeline_settings) ---
/** A pipeline step of a workspace redirected to another queue (domain/workspaces/queue-redirects.ts). */
export interface StepQueueRedirectsTable {
  tenant_id: string;
  workspace_id: string;
  pipeline_id: string;
  step_id: string;
  /** The waiting status of the stage that runs the step (30, 40, 50 or 90). */
  queued_status: number;
  queue_name: string;
  modified_by: string | null;
  modified_on: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  step_queue_redirects: StepQueueRedirectsTable;
}

export type StepQueueRedirectRow = Selectable<StepQueueRedirectsTable>;

// --- Task shares (migration 0020_task_shares) ---
/** One share of a task: by e-mail to people (Task 10) or a media segment on a public page (MediaSegment 20). */
export interface TaskSharesTable {
  id: string;
  tenant_id: string;
  workspace_id: string;
  task_id: string;
  /** Id of the rendering request of a segment share (the render events name it). */
  request_id: string | null;
  /** The secret in the public address of a segment share; null for shares of the task itself. */
  access_key: string | null;
  /** ShareType: Task 10, MediaSegment 20. */
  share_type: number;
  /** ShareStatus: Generating 10, Failed 20, Success 30, Expired 40. */
  share_status: number;
  input_config: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  output_config: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error_message: string | null;
  expires_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_on: CreatedAt;
  created_by: string | null;
  modified_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  modified_by: string | null;
}

export interface Database {
  task_shares: TaskSharesTable;
}

export type TaskShareRow = Selectable<TaskSharesTable>;

// --- Processing throughput and scale-out (migration 0024_work_queued_signal) ---
// The migration's trigger on tasks notifies `reviewdesk_work` when a task is queued (no column).
export interface UploadsTable {
  /** The request writing the upload now (any API replica); null when none. */
  writing_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when that writer holds the upload unless it renews; a dead replica's lease runs out. */
  writing_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

// --- Two-factor sign-in (migration 0025_two_factor) ---
export interface UserTwoFactorTable {
  user_id: string;
  /** The TOTP key (base32), sealed with the secret box. */
  secret_sealed: string;
  /** When a first code confirmed it; null while it is only begun. */
  enabled_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last 30-second step a code was accepted for (a code is not accepted twice). */
  last_used_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_on: CreatedAt;
}

export interface UserRecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the code, hex. */
  code_hash: string;
  used_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
}

// --- Segment renders in worker processes, export links (migration 0026_segment_renders) ---
/** A media-segment share in Generating is a queued render, claimed by a worker with a lease. */
export interface TaskSharesTable {
  /** The worker cutting the segment now; null while it waits. */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when that worker holds it unless it renews; a stopped process's claim runs out by itself. */
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** How many times a worker took it; a segment that fails its worker every time ends as Failed. */
  render_attempts: ColumnType<number, number | undefined, number>;
}

/** An export kept behind an expiring download link; its file is removed once the link expired. */
export interface ExportLinksTable {
  id: string;
  tenant_id: string;
  blob_id: string;
  expires_on: ColumnType<Date, Date, Date>;
  created_by: string | null;
  created_on: CreatedAt;
}

export interface Database {
  export_links: ExportLinksTable;
}

// --- Recognised words kept as written (migration 0027_page_ocr_json) ---
// task_pages.ocr is json instead of jsonb (TaskPagesTable): no new tables or columns.
