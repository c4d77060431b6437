// THE table of permissions: which role holds which ability. Abilities are `Resource.Action` as in
// product spec §6. Roles are ordered, so each ability names the least powerful role that holds it
// and every role before that one holds it too. The markdown next to this file (abilities.md) is
// rendered from this table and a test keeps it true.
//
// Role-specific permissions (changing another member's role or status) are written
// `Resource.Action.TargetRole`, e.g. `Tenant.UpdateUserRole.Reviewer`: "may change the role of a
// member whose current role is Reviewer, or give someone that role". The plain
// `Tenant.UpdateUserRole` is held by everyone who holds at least one of the role-specific ones, so
// the interface can decide whether to show the control at all.
import { ROLE_NAMES, ROLES, type Role, type RoleName } from './roles.js';

export interface Ability {
  subject: string;
  action: string;
}

type Table = Record<string, Record<string, RoleName>>;

/** Resource → Action → least powerful role holding it. */
export const ABILITY_TABLE: Table = {
  Home: { View: 'Viewer' },
  Metrics: { View: 'Creator' },
  Viewer: { View: 'Viewer', ViewReduxDump: 'Developer', DebugTools: 'Developer' },
  Role: { View: 'Administrator', RoleList: 'Administrator', AuditList: 'Developer', RoleEdit: 'Developer' },
  Workspace: {
    View: 'Viewer',
    Create: 'Administrator',
    Edit: 'Manager',
    ListUsers: 'Manager',
    AddUsers: 'Manager',
    UpdateUserStatus: 'Manager',
    EditAdvancedSettings: 'Administrator',
    EditBasic: 'Manager',
    EditFields: 'Manager',
    UpdateCustomModel: 'Manager',
    UpdateExport: 'Manager',
    Delete: 'Administrator',
    ForDevelopers: 'Developer',
    RedirectQueues: 'Developer',
    ManageStorage: 'Administrator',
    ManageHooks: 'Developer',
    Notifications: 'Manager',
  },
  Task: {
    ListView: 'Viewer',
    Import: 'Creator',
    TracesDashboardView: 'Developer',
    CustomColumns: 'Creator',
    View: 'Viewer',
    Review: 'Reviewer',
    History: 'Viewer',
    ListEvents: 'Manager',
    Delete: 'Creator',
    CleanEntities: 'Manager',
    ReprocessMany: 'Manager',
    AccessChatbot: 'Reviewer',
    ShareMediaSegment: 'Creator',
    DeleteMany: 'Manager',
    DownloadFolderMonitor: 'Administrator',
    EditAssignments: 'Manager',
  },
  User: { InviteUser: 'Manager', Profile: 'Viewer' },
  Tenant: {
    View: 'Manager',
    Edit: 'Administrator',
    ListUsers: 'Manager',
    AddUsers: 'Manager',
    EditBasic: 'Administrator',
    ViewSecrets: 'Administrator',
    CreateSecrets: 'Administrator',
    CreateSharePointConnectors: 'Administrator',
    ViewSharePointConnector: 'Administrator',
    ImpersonateRole: 'Developer',
  },
  Licensing: { View: 'Administrator', ActivateLicense: 'Administrator', ViewUsageHistory: 'Administrator' },
  Templates: {
    TemplateList: 'Creator',
    CreateField: 'Manager',
    UpdateField: 'Manager',
    DeleteField: 'Manager',
    ModelsList: 'Manager',
    ActivateModel: 'Manager',
    CustomModelActions: 'Manager',
    TracesDashboardView: 'Developer',
    ListEvents: 'Manager',
  },
  Batches: { CreateBatch: 'Creator', ListBatches: 'Viewer', Delete: 'Manager' },
  Documentation: { ExternalPostman: 'Developer' },
  Index: { ListLogs: 'Manager', VideoTextualSummary: 'Reviewer' },
};

/**
 * Who may change the role or status of a member holding TargetRole: Developers anyone, Administrators
 * anyone but Developers, Managers only the three roles below them.
 */
export const MANAGE_TARGET_ROLE: Record<RoleName, RoleName> = {
  Developer: 'Developer',
  Administrator: 'Administrator',
  Manager: 'Administrator',
  Creator: 'Manager',
  Reviewer: 'Manager',
  Viewer: 'Manager',
};

/** Role-specific abilities: `<Resource>.<Action>.<TargetRole>`. */
export const ROLE_SPECIFIC_ACTIONS = [
  ['Tenant', 'UpdateUserRole'],
  ['Tenant', 'UpdateUserStatus'],
  ['Workspace', 'UpdateUserStatus'],
] as const;

function order(name: RoleName): number {
  return (ROLES.find((r) => r.name === name) as Role).order;
}

/** Every ability with the least powerful role that holds it, in a stable order. */
export function allAbilityRules(): Array<{ ability: string; minimumRole: RoleName }> {
  const rules: Array<{ ability: string; minimumRole: RoleName }> = [];
  for (const [subject, actions] of Object.entries(ABILITY_TABLE)) {
    for (const [action, minimumRole] of Object.entries(actions))
      rules.push({ ability: `${subject}.${action}`, minimumRole });
  }
  for (const [subject, action] of ROLE_SPECIFIC_ACTIONS) {
    // The plain ability goes to whoever may manage at least the least powerful role.
    if (!(action in (ABILITY_TABLE[subject] ?? {}))) {
      rules.push({ ability: `${subject}.${action}`, minimumRole: MANAGE_TARGET_ROLE.Viewer });
    }
    for (const target of ROLE_NAMES) {
      rules.push({ ability: `${subject}.${action}.${target}`, minimumRole: MANAGE_TARGET_ROLE[target] });
    }
  }
  return rules;
}

const RULES = allAbilityRules();

/** Abilities of a role before the tenant's blacklist is applied. */
export function abilitiesOfRole(role: Role): string[] {
  return RULES.filter((r) => role.order <= order(r.minimumRole)).map((r) => r.ability);
}

/** Abilities of a member: the role's, minus what the tenant blacklists. */
export function effectiveAbilities(role: Role, blacklist: Iterable<string>): Set<string> {
  const denied = new Set(blacklist);
  return new Set(abilitiesOfRole(role).filter((a) => !denied.has(a)));
}

/** `Task.Delete` → `{subject: 'Task', action: 'Delete'}`; role-specific keep the target in the action. */
export function toAbilityPair(ability: string): Ability {
  const dot = ability.indexOf('.');
  return { subject: ability.slice(0, dot), action: ability.slice(dot + 1) };
}

export function isKnownAbility(ability: string): boolean {
  return RULES.some((r) => r.ability === ability);
}

/** The markdown table of abilities.md, rendered from the table above. */
export function renderAbilitiesMarkdown(): string {
  const lines = [
    '# Abilities by role',
    '',
    '<!-- Rendered from src/domain/abilities.ts by `pnpm --filter @reviewdesk/server run abilities:doc`; a test fails when this file is stale. -->',
    '',
    'Roles are ordered (Developer 10, Administrator 20, Manager 30, Creator 40, Reviewer 50, Viewer 60); a super-user is a role',
    'whose order is at or before Administrator. Each ability is held by the roles marked ✔. A tenant may blacklist',
    'abilities (`ability_blacklist`): a blacklisted ability is denied even when the role grants it, and is left out of',
    '`User/GetUserAuthDetails`.',
    '',
    'Role-specific permissions are written `Resource.Action.TargetRole`: `Tenant.UpdateUserRole.Reviewer` allows changing the',
    'role of a member whose role is Reviewer (and giving someone that role); `Tenant.UpdateUserStatus.<Role>` and',
    '`Workspace.UpdateUserStatus.<Role>` do the same for status. The plain action (`Tenant.UpdateUserRole`) is held by',
    'whoever holds at least one role-specific variant. In `{subject, action}` form the target stays in the action:',
    '`{subject: "Tenant", action: "UpdateUserRole.Reviewer"}`.',
    '',
    `| Ability | ${ROLE_NAMES.join(' | ')} |`,
    `|---|${ROLE_NAMES.map(() => ':-:').join('|')}|`,
  ];
  for (const rule of RULES) {
    const marks = ROLE_NAMES.map((name) => (order(name) <= order(rule.minimumRole) ? '✔' : ''));
    lines.push(`| ${rule.ability} | ${marks.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
