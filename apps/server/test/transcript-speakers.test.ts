// Transcript/PredefinedSpeakers: the workspace's speakers — the list as stored, replaced by PATCH
// with ids for new speakers and stamps kept for unchanged ones; bad lists refused with
// WorkspaceConfigError (10) and nothing lost; every role as the abilities table rules it; another
// tenant's or an unreachable workspace answers 404. The transcript editor's data lists a saved
// speaker with source Workspace even where it does not speak.
import { describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { codeOf } from './support/answers.js';
import { databaseKinds, demoEmail, GLOBEX_ADMIN, userIdOf, useTestServer } from './support/harness.js';
import { addMembers, withoutMemberships } from './support/list-fixtures.js';
import { API, processedRecording, RECORDINGS_WS } from './support/review-tasks.js';

const GLOBEX_INTERVIEWS = demoId('workspace:Interviews');
const path = (workspaceId: string) => `${API}/Transcript/PredefinedSpeakers/${workspaceId}`;
const ROLES = ['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'] as const;
/** Roles with Workspace.Edit or Task.Review (abilities.md): all but Viewer. */
const MAY_PATCH = new Set(['Developer', 'Administrator', 'Manager', 'Creator', 'Reviewer']);

interface StoredSpeaker {
  speakerId: string;
  speakerName: string;
  speakerPrefix: string | null;
  speakerSuffix: string | null;
  isDefault: boolean;
  createdOn: string;
  createdBy: string;
  modifiedOn: string;
  modifiedBy: string;
}

describe.each(databaseKinds())('predefined speakers on %s', (kind) => {
  const t = useTestServer(kind);
  const as = (role: string) => t.tokenFor(demoEmail(role));
  const get = async (role: string, workspaceId = RECORDINGS_WS) =>
    t.call('GET', path(workspaceId), { token: await as(role) });
  const patch = async (role: string, body: unknown, workspaceId = RECORDINGS_WS) =>
    t.call('PATCH', path(workspaceId), { token: await as(role), body });

  it('starts empty, stores a list with ids and stamps, and reads it back for every role', async () => {
    await t.reset();
    expect((await get('Viewer')).body).toEqual([]);
    const res = await patch('Reviewer', [
      { speakerName: ' Interviewer ', speakerPrefix: 'Dr.', isDefault: true },
      { speakerName: 'Guest', speakerSuffix: '' },
    ]);
    expect(res.status, res.text).toBe(200);
    const stored = res.body as StoredSpeaker[];
    expect(stored.map((s) => [s.speakerName, s.speakerPrefix, s.speakerSuffix, s.isDefault])).toEqual([
      ['Interviewer', 'Dr.', null, true],
      ['Guest', null, null, false],
    ]);
    for (const s of stored) {
      expect(s.speakerId).toMatch(/^[0-9a-f-]{36}$/);
      expect(s).toMatchObject({
        createdBy: userIdOf(demoEmail('Reviewer')),
        modifiedBy: userIdOf(demoEmail('Reviewer')),
      });
    }
    for (const role of ROLES) {
      const read = await get(role);
      expect(read.status, role).toBe(200);
      expect(read.body, role).toEqual(stored);
    }
  });

  it('replaces the list: edits keep the creation stamp, unchanged speakers keep theirs, missing ones leave', async () => {
    await t.reset();
    const first = (
      await patch('Manager', [{ speakerName: 'Host' }, { speakerName: 'Caller' }, { speakerName: 'Other' }])
    ).body as StoredSpeaker[];
    const [host, caller] = first as [StoredSpeaker, StoredSpeaker, StoredSpeaker];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const clientMade = '5f0c4b1e-8d7a-4c55-9a51-6a9f2b7c3d10';
    const second = await patch('Reviewer', [
      host,
      { ...caller, speakerName: 'Caller (studio)', isDefault: true },
      { speakerId: clientMade, speakerName: 'New voice' },
    ]);
    expect(second.status, second.text).toBe(200);
    const [keptHost, editedCaller, added] = second.body as [StoredSpeaker, StoredSpeaker, StoredSpeaker];
    expect(keptHost).toEqual(host);
    expect(editedCaller).toMatchObject({
      speakerId: caller.speakerId,
      speakerName: 'Caller (studio)',
      isDefault: true,
      createdOn: caller.createdOn,
      createdBy: userIdOf(demoEmail('Manager')),
      modifiedBy: userIdOf(demoEmail('Reviewer')),
    });
    expect(editedCaller.modifiedOn > caller.modifiedOn).toBe(true);
    expect(added).toMatchObject({ speakerId: clientMade, speakerName: 'New voice', isDefault: false });
    expect(((await get('Viewer')).body as StoredSpeaker[]).map((s) => s.speakerName)).toEqual([
      'Host',
      'Caller (studio)',
      'New voice',
    ]);
    expect((await patch('Manager', [])).body).toEqual([]);
    expect((await get('Manager')).body).toEqual([]);
  });

  it('refuses an empty name, a name or id twice and two defaults with code 10, and keeps the stored list', async () => {
    await t.reset();
    const stored = (await patch('Manager', [{ speakerName: 'Host' }])).body;
    const id = '0a8e5f55-1f0e-4a42-8a55-3c6de1f1c001';
    for (const [body, fragment] of [
      [[{ speakerName: '   ' }], 'empty'],
      [[{ speakerName: 'Host' }, { speakerName: 'host' }], 'twice'],
      [
        [
          { speakerId: id, speakerName: 'A' },
          { speakerId: id, speakerName: 'B' },
        ],
        'twice',
      ],
      [
        [
          { speakerName: 'A', isDefault: true },
          { speakerName: 'B', isDefault: true },
        ],
        'default',
      ],
      [[{ speakerName: 'x'.repeat(201) }], 'longer'],
    ] as const) {
      const res = await patch('Manager', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(res.body)).toBe(10);
      expect(JSON.stringify(res.body)).toContain(fragment);
    }
    expect((await patch('Manager', [{ speakerId: 'x' }])).status).toBe(400);
    expect((await patch('Manager', { speakerName: 'not a list' })).status).toBe(400);
    expect((await get('Manager')).body).toEqual(stored);
  });

  it('gives each role what the abilities table says: PATCH needs Workspace.Edit or Task.Review', async () => {
    await t.reset();
    for (const role of ROLES) {
      const res = await patch(role, [{ speakerName: `Named by ${role}` }]);
      expect(res.status, role).toBe(MAY_PATCH.has(role) ? 200 : 403);
    }
    expect(((await get('Viewer')).body as StoredSpeaker[]).map((s) => s.speakerName)).toEqual(['Named by Reviewer']);
    const noToken = await t.call('GET', path(RECORDINGS_WS));
    expect(noToken.status).toBe(401);
  });

  it("answers 404 for another tenant's workspace, an unknown one and one the caller is no member of", async () => {
    await t.reset();
    await patch('Manager', [{ speakerName: 'Acme speaker' }]);
    const globex = await t.tokenFor(GLOBEX_ADMIN);
    expect((await t.call('GET', path(RECORDINGS_WS), { token: globex })).status).toBe(404);
    expect((await t.call('PATCH', path(RECORDINGS_WS), { token: globex, body: [] })).status).toBe(404);
    expect((await get('Developer', GLOBEX_INTERVIEWS)).status).toBe(404);
    expect((await patch('Developer', [], GLOBEX_INTERVIEWS)).status).toBe(404);
    const unknown = demoId('workspace:nowhere');
    expect((await get('Administrator', unknown)).status).toBe(404);
    await withoutMemberships(t.server.database.db);
    expect((await get('Reviewer')).status).toBe(404);
    expect((await patch('Reviewer', [])).status).toBe(404);
    await addMembers(t.server.database.db, RECORDINGS_WS, ['Reviewer']);
    expect((await get('Reviewer')).status).toBe(200);
    // The Acme list survived every refused call.
    expect(((await get('Reviewer')).body as StoredSpeaker[]).map((s) => s.speakerName)).toEqual(['Acme speaker']);
  });

  it('lists saved speakers in the transcript data with source Workspace, on the task or not', async () => {
    await t.reset();
    const taskId = await processedRecording(t, await as('Manager'));
    const read = async () => {
      const res = await t.call('GET', `${API}/Transcript/MediaUrlAndTranscript`, {
        token: await as('Reviewer'),
        query: { TaskId: taskId, WorkspaceId: RECORDINGS_WS },
      });
      expect(res.status, res.text).toBe(200);
      return res.body as {
        transcriptFullResult: { speakers: StoredSpeaker[] };
        speakers: Array<StoredSpeaker & { source: number; isOnTask: boolean; totalDuration: number }>;
        predefinedSpeakers: StoredSpeaker[];
      };
    };
    const before = await read();
    const onTask = before.transcriptFullResult.speakers[0] as StoredSpeaker;
    expect(before.speakers.every((s) => s.source === 10)).toBe(true);
    // Save the task's own speaker into the workspace, and one more that does not speak here.
    const saved = (await patch('Reviewer', [onTask, { speakerName: 'Moderator' }])).body as StoredSpeaker[];
    const after = await read();
    expect(after.predefinedSpeakers).toEqual(saved);
    expect(after.speakers.map((s) => [s.speakerName, s.source, s.isOnTask])).toEqual([
      [onTask.speakerName, 30, true],
      ['Moderator', 30, false],
    ]);
    expect(after.speakers[0]?.totalDuration).toBeGreaterThan(0);
    expect(after.speakers[1]?.totalDuration).toBe(0);
  }, 180_000);
});
