import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../config.js';
import { abilitiesOfRole, allAbilityRules, effectiveAbilities, renderAbilitiesMarkdown } from './abilities.js';
import { ROLES, roleByName } from './roles.js';

// The permission vocabulary of the contract (product spec §6 plus the per-target-role permissions):
// the table must grant from exactly this list.
const contract = parse(readFileSync(join(repoRoot, 'openapi', 'reviewdesk.yaml'), 'utf8'));
const CONTRACT_PERMISSIONS: string[] = contract.components.schemas.Permission.enum;

/** Ignores how the formatter pads table cells, which says nothing about the content. */
function normaliseMarkdown(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) =>
              cell
                .trim()
                .replace(/^:-+:$/, ':-:')
                .replace(/^-+$/, '-'),
            )
            .join('|')
        : line.trimEnd(),
    )
    .join('\n')
    .trim();
}

describe('abilities table', () => {
  it('abilities.md is the rendering of the table (run `pnpm run abilities:doc` after a change)', () => {
    const doc = readFileSync(new URL('./abilities.md', import.meta.url), 'utf8');
    expect(normaliseMarkdown(doc)).toBe(normaliseMarkdown(renderAbilitiesMarkdown()));
  });

  it('covers every Resource.Action of product spec §6, and nothing else', () => {
    const plain = allAbilityRules()
      .map((r) => r.ability)
      .filter((a) => a.split('.').length === 2);
    const spec = CONTRACT_PERMISSIONS.filter((p) => p.split('.').length === 2);
    expect(spec).toHaveLength(74);
    expect(plain.sort()).toEqual(spec.sort());
  });

  it('uses exactly the permission vocabulary of the contract', () => {
    const all = [...new Set(allAbilityRules().map((r) => r.ability))];
    expect(all.sort()).toEqual([...CONTRACT_PERMISSIONS].sort());
  });

  it('has a role-specific permission per target role for role and status updates', () => {
    const all = new Set(allAbilityRules().map((r) => r.ability));
    for (const action of ['Tenant.UpdateUserRole', 'Tenant.UpdateUserStatus', 'Workspace.UpdateUserStatus']) {
      for (const role of ROLES) expect(all.has(`${action}.${role.name}`)).toBe(true);
    }
  });

  it('gives a role everything the roles after it have (roles are ordered)', () => {
    for (let i = 1; i < ROLES.length; i++) {
      const stronger = new Set(abilitiesOfRole(ROLES[i - 1] as (typeof ROLES)[number]));
      for (const ability of abilitiesOfRole(ROLES[i] as (typeof ROLES)[number]))
        expect(stronger.has(ability)).toBe(true);
    }
  });

  it('lets Managers manage only the roles below them and never Developers', () => {
    const manager = new Set(abilitiesOfRole(roleByName('Manager')));
    expect(manager.has('Tenant.UpdateUserRole.Reviewer')).toBe(true);
    expect(manager.has('Tenant.UpdateUserRole.Manager')).toBe(false);
    const admin = new Set(abilitiesOfRole(roleByName('Administrator')));
    expect(admin.has('Tenant.UpdateUserRole.Administrator')).toBe(true);
    expect(admin.has('Tenant.UpdateUserRole.Developer')).toBe(false);
  });

  it('denies a blacklisted ability even when the role grants it', () => {
    const abilities = effectiveAbilities(roleByName('Developer'), ['Task.Delete']);
    expect(abilities.has('Task.Delete')).toBe(false);
    expect(abilities.has('Task.View')).toBe(true);
  });
});
