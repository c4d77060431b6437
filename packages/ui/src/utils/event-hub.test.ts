import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from './event-hub';

interface Events {
  saved: { version: number };
  error: Error;
}

describe('createEventHub', () => {
  it('delivers each event to its own handlers until they unsubscribe', () => {
    const hub = createEventHub<Events>();
    const saved = vi.fn();
    const error = vi.fn();
    const off = hub.on('saved', saved);
    hub.on('error', error);
    hub.emit('saved', { version: 2 });
    expect(saved).toHaveBeenCalledWith({ version: 2 });
    expect(error).not.toHaveBeenCalled();
    expect(hub.has('saved')).toBe(true);
    off();
    hub.emit('saved', { version: 3 });
    expect(saved).toHaveBeenCalledTimes(1);
    expect(hub.has('saved')).toBe(false);
  });

  it('keeps two hubs apart and forgets everything on clear', () => {
    const a = createEventHub<Events>();
    const b = createEventHub<Events>();
    const handler = vi.fn();
    a.on('saved', handler);
    b.emit('saved', { version: 1 });
    expect(handler).not.toHaveBeenCalled();
    a.clear();
    a.emit('saved', { version: 1 });
    expect(handler).not.toHaveBeenCalled();
    expect(a.has('saved')).toBe(false);
  });
});
