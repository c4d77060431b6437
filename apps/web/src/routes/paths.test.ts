import { createAbilities, isPermission } from '@reviewdesk/auth';
import { describe, expect, it } from 'vitest';
import { menuEntries, permissionOf, permittedMenuEntries, protectedRoutes, visibleMenuEntries } from './paths';

const canWith = (granted: string[], blacklist: string[] = []) => {
  const abilities = createAbilities(granted, { blacklist });
  return abilities.can;
};

describe('the route table', () => {
  it('covers every route of product-spec §2 and the developer dashboard with a known permission', () => {
    expect(protectedRoutes.map((r) => r.path)).toEqual([
      '/home',
      '/metrics',
      '/templates/configure',
      '/templates/labelling',
      '/templates/training',
      '/task/list',
      '/task/viewer',
      '/task/viewer/documents',
      '/task/viewer/transcripts',
      '/task/viewer/templatebuilder',
      '/task/viewer/custom',
      '/batch/list',
      '/task/traces',
      '/workspace/edit',
      '/tenant/edit',
      '/licensing',
      '/helpCenter',
      '/user',
    ]);
    for (const route of protectedRoutes) expect(isPermission(route.permission)).toBe(true);
  });

  it('gives every menu entry a unique id', () => {
    expect(new Set(menuEntries.map((e) => e.id)).size).toBe(menuEntries.length);
  });
});

describe('menu filtering by abilities', () => {
  it('shows nothing without abilities', () => {
    expect(permittedMenuEntries(canWith([]))).toEqual([]);
  });

  it('shows exactly the screens the abilities open', () => {
    const ids = permittedMenuEntries(canWith(['Home.View', 'Task.ListView', 'Viewer.View'])).map((e) => e.id);
    expect(ids).toEqual(['home', 'task-list', 'help-center']);
  });

  it('shows all three template screens for Templates.TemplateList', () => {
    const ids = permittedMenuEntries(canWith(['Templates.TemplateList'])).map((e) => e.id);
    expect(ids).toEqual(['templates-configure', 'templates-labelling', 'templates-training']);
  });

  it('hides a screen whose permission the server blacklisted', () => {
    const ids = permittedMenuEntries(canWith(['Home.View', 'Tenant.Edit'], ['Tenant.Edit'])).map((e) => e.id);
    expect(ids).toEqual(['home']);
  });

  it('matches each entry to the permission of its route', () => {
    for (const entry of menuEntries) {
      expect(permittedMenuEntries(canWith([permissionOf(entry.path)])).map((e) => e.id)).toContain(entry.id);
    }
  });
});

describe('menu filtering by what the server and this version can serve', () => {
  const everyone = canWith(menuEntries.map((entry) => permissionOf(entry.path)));

  it('offers no screen that is not in this version, even to a user who may open it', () => {
    const ids = visibleMenuEntries(everyone, () => true).map((e) => e.id);
    expect(ids).toEqual([
      'home',
      'task-list',
      'batch-list',
      'metrics',
      'workspace-edit',
      'tenant-edit',
      'licensing',
      'help-center',
    ]);
  });

  it('leaves out a screen whose call the server does not implement', () => {
    const ids = visibleMenuEntries(
      everyone,
      (operationId) => operationId !== 'SdBatch_GetWithPagination' && operationId !== 'User_GetMetrics',
    ).map((e) => e.id);
    expect(ids).toEqual(['home', 'task-list', 'workspace-edit', 'tenant-edit', 'licensing', 'help-center']);
  });

  it('still needs the permission', () => {
    expect(visibleMenuEntries(canWith(['Home.View']), () => true).map((e) => e.id)).toEqual(['home']);
  });
});
