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
