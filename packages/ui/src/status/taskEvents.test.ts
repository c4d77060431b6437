import { describe, expect, it } from 'vitest';
import { inOrderOfHappening } from './taskEvents';

describe('inOrderOfHappening', () => {
  it('lists the server newest-first answer oldest first, events of one instant in insertion order', () => {
    const server = [
      { createdOn: '2026-11-25T10:00:02+01:00', id: 'exported' },
      { createdOn: '2026-11-25T09:00:01.000Z', id: 'reviewed' },
      { createdOn: '2026-11-25T09:00:01Z', id: 'checked-out' },
      { createdOn: '2026-11-25T08:59:59.5Z', id: 'created' },
    ];
    expect(inOrderOfHappening(server).map((e) => e.id)).toEqual(['created', 'checked-out', 'reviewed', 'exported']);
  });
});
