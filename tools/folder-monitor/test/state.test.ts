// What the monitor keeps between runs, and the rules it decides by without a server.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReviewdeskClient } from '../src/client.js';
import { FolderMonitor, taskIdOf } from '../src/monitor.js';
import { MonitorState } from '../src/state.js';

const WORKSPACE = '5f1d7c2e-8a3b-4c6d-9e0f-112233445566';

describe('folder monitor state', () => {
  it('keeps what it noted for the next run, in one file written whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'monitor-state-'));
    const state = new MonitorState(dir);
    state.set('abc', { name: 'a.pdf', uploadUrl: 'https://example.com/files/1' });
    state.set('def', { name: 'b.pdf', taskId: 't-1', importedOn: '2026-11-26T08:00:00.000Z' });
    const again = new MonitorState(dir);
    expect(again.get('abc')).toEqual({ name: 'a.pdf', uploadUrl: 'https://example.com/files/1' });
    expect(again.get('def')?.taskId).toBe('t-1');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('derives one task id per workspace and content, shaped as a uuid', () => {
    const id = taskIdOf(WORKSPACE, 'a'.repeat(64));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(taskIdOf(WORKSPACE, 'a'.repeat(64))).toBe(id);
    expect(taskIdOf(WORKSPACE, 'b'.repeat(64))).not.toBe(id);
    expect(taskIdOf('00000000-0000-4000-8000-000000000000', 'a'.repeat(64))).not.toBe(id);
  });

  it('waits until a file held still, and leaves hidden, temporary and partial files alone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'monitor-folder-'));
    // No server answers here: a request would fail the scan's outcome with "retry".
    const client = new ReviewdeskClient({ server: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' });
    const monitor = new FolderMonitor({ folder, workspaceId: WORKSPACE, client });
    for (const name of ['.hidden.pdf', '~$draft.docx', 'scan.pdf.part', 'photo.jpg.crdownload', 'x.tmp']) {
      writeFileSync(join(folder, name), 'x');
    }
    writeFileSync(join(folder, 'growing.pdf'), '%PDF-1.7 first part');
    expect(await monitor.scan()).toEqual([]);
    writeFileSync(join(folder, 'growing.pdf'), '%PDF-1.7 first part, and more');
    expect(await monitor.scan()).toEqual([]);
    // Held still now: taken, and with no server it stays for the next look.
    const [outcome] = await monitor.scan();
    expect(outcome).toMatchObject({ file: 'growing.pdf', result: 'retry' });
    expect(readdirSync(folder).sort()).toEqual(
      [
        '.hidden.pdf',
        '.reviewdesk',
        'failed',
        'growing.pdf',
        'photo.jpg.crdownload',
        'processed',
        'scan.pdf.part',
        'x.tmp',
        '~$draft.docx',
      ].sort(),
    );
  });
});
