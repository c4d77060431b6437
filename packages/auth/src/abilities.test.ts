import { describe, expect, it } from 'vitest';
import { abilityKey, createAbilities, noAbilities } from './abilities';
import { isPermission, type Permission, permissions, rolePermission } from './permissions';
import { isSuperUser } from './roles';

const granted = [
  { subject: 'Task', action: 'View' },
  { subject: 'Task', action: 'Review' },
  { subject: 'Tenant', action: 'UpdateUserRole.Reviewer' },
];

describe('createAbilities', () => {
  it('allows granted Resource.Action permissions and denies the rest', () => {
    const abilities = createAbilities(granted);
    expect(abilities.can('Task.Review')).toBe(true);
    expect(abilities.can('Task.Delete')).toBe(false);
    expect(abilities.can('Home.View')).toBe(false);
  });

  it('accepts any of several permissions; an empty list allows nothing', () => {
    const abilities = createAbilities(granted);
    expect(abilities.canAny(['Task.Delete', 'Task.View'])).toBe(true);
    expect(abilities.canAny(['Task.Delete', 'Batches.Delete'])).toBe(false);
    expect(abilities.canAny([])).toBe(false);
  });

  it('denies blacklisted abilities even when granted, in string and {subject, action} form', () => {
    const abilities = createAbilities(granted, { blacklist: ['Task.Review', { subject: 'Task', action: 'View' }] });
    expect(abilities.can('Task.Review')).toBe(false);
    expect(abilities.can('Task.View')).toBe(false);
    expect(abilities.canAny(['Task.View', 'Task.Review'])).toBe(false);
    expect(abilities.list).toEqual(['Tenant.UpdateUserRole.Reviewer']);
    expect(abilities.blacklist).toEqual(['Task.Review', 'Task.View']);
  });

  it('names per-target-role permissions <Resource>.<Action>.<RoleName>', () => {
    const abilities = createAbilities(granted);
    expect(abilities.can('Tenant.UpdateUserRole.Reviewer')).toBe(true);
    expect(abilities.can(rolePermission('Tenant.UpdateUserRole', 'Administrator'))).toBe(false);
    expect(abilities.can('Tenant.UpdateUserRole')).toBe(false);
  });

  it('ignores case differences between server and checks (as @reviewdesk/ui does), blacklist included', () => {
    const abilities = createAbilities([{ subject: 'task', action: 'review' }, 'Task.View', 'Future.Thing'], {
      blacklist: ['TASK.VIEW'],
    });
    expect(abilities.can('Task.Review')).toBe(true);
    expect(abilities.can('Task.View')).toBe(false);
    expect(abilities.list).toEqual(['Future.Thing', 'task.review']);
  });

  it('is immutable, and noAbilities allows nothing', () => {
    const abilities = createAbilities(granted);
    expect(Object.isFrozen(abilities)).toBe(true);
    expect(Object.isFrozen(abilities.list)).toBe(true);
    expect(permissions.some((p) => noAbilities.can(p))).toBe(false);
  });

  it('types checks against the spec vocabulary', () => {
    const abilities = createAbilities(granted);
    // @ts-expect-error — a typo is a type error, not a silent deny
    abilities.can('Task.Reveiw');
    // @ts-expect-error — not a role of the spec
    abilities.can('Tenant.UpdateUserRole.Owner');
    const ok: Permission[] = ['Workspace.UpdateUserStatus.Viewer', 'Tenant.UpdateUserStatus.Developer', 'Home.View'];
    expect(ok.every(isPermission)).toBe(true);
  });
});

describe('permission vocabulary', () => {
  it('lists every Resource.Action of product-spec §6 plus 6 per-role variants of three actions', () => {
    const base = permissions.filter((p) => p.split('.').length === 2);
    expect(base).toHaveLength(4 + 1 + 3 + 17 + 16 + 2 + 12 + 3 + 9 + 3 + 1 + 2 + 1);
    expect(permissions.length - base.length).toBe(3 * 6);
    expect(isPermission('Task.Review')).toBe(true);
    expect(isPermission('Task.Reveiw')).toBe(false);
    expect(abilityKey({ subject: 'Task', action: 'View' })).toBe('Task.View');
  });
});

describe('isSuperUser', () => {
  const roles = [
    { name: 'Developer', order: 1 },
    { name: 'Administrator', order: 2 },
    { name: 'Manager', order: 3 },
    { name: 'Viewer', order: 6 },
  ];

  it('is true at or before Administrator in role order', () => {
    expect(isSuperUser('Developer', roles)).toBe(true);
    expect(isSuperUser('Administrator', roles)).toBe(true);
    expect(isSuperUser('administrator', roles)).toBe(true);
    expect(isSuperUser({ name: 'Custom', order: 0 }, roles)).toBe(true);
  });

  it('is false after Administrator', () => {
    expect(isSuperUser('Manager', roles)).toBe(false);
    expect(isSuperUser({ name: 'Viewer', order: 6 }, roles)).toBe(false);
  });

  it('follows the server order, not the names', () => {
    const reordered = roles.map((r) => (r.name === 'Manager' ? { ...r, order: 2 } : r));
    expect(isSuperUser('Manager', reordered)).toBe(true);
  });

  it('fails closed when a role is unknown', () => {
    expect(isSuperUser('Nobody', roles)).toBe(false);
    expect(isSuperUser('Developer', [])).toBe(false);
  });
});
