import { describe, expect, it } from 'vitest';
import { checkFile, extensionOf, formatBytes, normaliseExtensions } from './fileChecks';

const rules = { maxFileSizeBytes: 20_971_520, supportedFileTypes: ['.pdf', 'PNG'], externalIdRequired: false };

describe('checkFile', () => {
  it('accepts a file within the size and of a listed type, whatever the case of its extension', () => {
    expect(checkFile({ name: 'Invoice.PDF', size: 1000 }, rules)).toBeNull();
    expect(checkFile({ name: 'scan.png', size: 20_971_520 }, rules)).toBeNull();
  });

  it('says why a file cannot go', () => {
    expect(checkFile({ name: 'a.pdf', size: 0 }, rules)).toEqual({ kind: 'empty' });
    expect(checkFile({ name: 'a.pdf', size: 20_971_521 }, rules)).toEqual({
      kind: 'tooLarge',
      size: 20_971_521,
      max: 20_971_520,
    });
    expect(checkFile({ name: 'notes.docx', size: 10 }, rules)).toEqual({
      kind: 'wrongType',
      extension: '.docx',
      accepted: ['.pdf', '.png'],
    });
    expect(checkFile({ name: 'README', size: 10 }, rules)).toMatchObject({ kind: 'wrongType', extension: '' });
  });

  it('leaves the type to the server when the workspace lists none', () => {
    expect(checkFile({ name: 'x.wav', size: 10 }, { ...rules, supportedFileTypes: [] })).toBeNull();
  });
});

describe('helpers', () => {
  it('normalise extensions and format sizes', () => {
    expect(normaliseExtensions(['pdf', '.PDF', ' .Tif '])).toEqual(['.pdf', '.tif']);
    expect(extensionOf('archive.tar.gz')).toBe('.gz');
    expect(formatBytes(20_971_520, 'en-US')).toBe('20 MB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
  });
});
