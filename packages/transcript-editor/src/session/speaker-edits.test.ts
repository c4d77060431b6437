import { describe, expect, it } from 'vitest';
import { jfkTranscript, longTranscript } from '../test/fixtures.js';
import {
  addSpeaker,
  leaveUnusedSpeakers,
  makeDefaultSpeaker,
  removeSpeaker,
  renameSpeaker,
  SPEAKER_ACTION,
  speakerChanges,
} from './speaker-edits.js';
import { editParagraphText, mergeWithNext, setParagraphSpeaker } from './transcript-edits.js';

const none = new Set<string>();

describe('speakers as spec §4 rules them', () => {
  it('renames a speaker everywhere at once and tells the server it was edited', () => {
    const transcript = longTranscript(100);
    const renamed = renameSpeaker(transcript, 'spk-2', 'Dr. Guest');
    expect(renamed.speakers.find((s) => s.speakerId === 'spk-2')?.speakerName).toBe('Dr. Guest');
    expect(renamed.transcripts).toBe(transcript.transcripts);
    expect(speakerChanges(transcript.speakers, renamed, none)).toMatchObject([
      { speakerId: 'spk-2', speakerName: 'Dr. Guest', action: SPEAKER_ACTION.Edited, isOnTask: true, source: 10 },
    ]);
    expect(renameSpeaker(transcript, 'spk-2', '   ')).toBe(transcript);
  });

  it('removing a speaker that was added undoes the addition: nothing is sent', () => {
    const transcript = jfkTranscript();
    const added = addSpeaker(transcript, { speakerId: 'new-1', speakerName: 'Reporter' });
    expect(speakerChanges(transcript.speakers, added, none)).toMatchObject([
      { speakerId: 'new-1', action: SPEAKER_ACTION.Added },
    ]);
    expect(speakerChanges(transcript.speakers, removeSpeaker(added, 'new-1'), none)).toEqual([]);
  });

  it('a new default clears the flag on the others', () => {
    const transcript = longTranscript(100);
    const guest = makeDefaultSpeaker(transcript, 'spk-2');
    expect(guest.speakers.map((s) => s.isDefault)).toEqual([false, true]);
    const added = addSpeaker(guest, { speakerId: 'new-1', speakerName: 'Host', isDefault: true });
    expect(added.speakers.filter((s) => s.isDefault).map((s) => s.speakerId)).toEqual(['new-1']);
  });

  it('a removed speaker leaves their paragraphs without a speaker', () => {
    const transcript = longTranscript(100);
    const removed = removeSpeaker(transcript, 'spk-2');
    expect(removed.transcripts.map((p) => p.speakerId)).toEqual(['spk-1', null, 'spk-1', null, 'spk-1']);
    expect(speakerChanges(transcript.speakers, removed, new Set(['spk-2']))).toMatchObject([
      { speakerId: 'spk-2', action: SPEAKER_ACTION.Removed, isOnTask: false, source: 30 },
    ]);
  });

  it('a speaker with no remaining duration leaves the task; one never used stays', () => {
    const transcript = addSpeaker(jfkTranscript(), { speakerId: 'new-1', speakerName: 'Reporter' });
    let next = setParagraphSpeaker(transcript, 0, 'new-1');
    next = leaveUnusedSpeakers(transcript, next);
    expect(next.speakers.map((s) => s.speakerId)).toEqual(['spk-1', 'new-1']);
    const after = leaveUnusedSpeakers(next, setParagraphSpeaker(next, 1, 'new-1'));
    expect(after.speakers.map((s) => s.speakerId)).toEqual(['new-1']);
  });

  it("an edit of words only keeps every speaker, and a merge that takes a speaker's last paragraph does not", () => {
    const transcript = jfkTranscript();
    const typed = editParagraphText(transcript, 1, 'and so my fellow Americans');
    expect(leaveUnusedSpeakers(transcript, typed)).toBe(typed);
    const both = setParagraphSpeaker(transcript, 1, 'new-1');
    const withNew = addSpeaker(both, { speakerId: 'new-1', speakerName: 'Reporter' });
    const merged = leaveUnusedSpeakers(withNew, mergeWithNext(withNew, 0));
    expect(merged.speakers.map((s) => s.speakerId)).not.toContain('new-1');
  });
});
