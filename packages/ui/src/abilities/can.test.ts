// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createCan, denyAll } from './can';

describe('createCan', () => {
  const abilities = [
    { subject: 'Task', action: 'ListView' },
    { subject: 'Task', action: 'Delete' },
    { subject: 'Viewer', action: 'View' },
  ];

  it('grants abilities the user has, in Resource.Action form', () => {
    const can = createCan(abilities);
    expect(can('Task.ListView')).toBe(true);
    expect(can('Tenant.Edit')).toBe(false);
  });

  it('accepts any of several permissions', () => {
    const can = createCan(abilities);
    expect(can(['Tenant.Edit', 'Viewer.View'])).toBe(true);
    expect(can(['Tenant.Edit', 'Metrics.View'])).toBe(false);
    expect(can([])).toBe(false);
  });

  it('denies blacklisted abilities even when granted', () => {
    const can = createCan(abilities, [{ subject: 'Task', action: 'Delete' }]);
    expect(can('Task.Delete')).toBe(false);
    expect(can(['Task.Delete', 'Task.ListView'])).toBe(true);
  });

  it('ignores case differences between server and checks', () => {
    expect(createCan([{ subject: 'task', action: 'listview' }])('Task.ListView')).toBe(true);
  });

  it('denyAll denies everything', () => {
    expect(denyAll('Home.View')).toBe(false);
  });
});
