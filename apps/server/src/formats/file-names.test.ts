import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-names.js';

describe('safeFileName', () => {
  it.each([
    ['Invoice 2024-03', 'csv', 'Invoice 2024-03.csv'],
    ['../../etc/passwd', 'json', '_.._etc_passwd.json'],
    ['C:\\Users\\x\\report', 'xml', 'C__Users_x_report.xml'],
    ['Fatura nº 12 — São Paulo', 'xlsx', 'Fatura nº 12 — São Paulo.xlsx'],
    ['東京の請求書', 'txt', '東京の請求書.txt'],
    ['scan.PDF', 'csv', 'scan.csv'],
    ['interview.mp3', 'srt', 'interview.srt'],
    ['bad\u0000name\u0007\r\nhere', 'csv', 'badname here.csv'],
    ['evil\u202Efdp.exe', 'txt', 'evilfdp.exe.txt'],
    ['   ...hidden. ', 'json', 'hidden.json'],
    ['CON', 'txt', '_CON.txt'],
    ['', 'csv', 'export.csv'],
    [null, 'csv', 'export.csv'],
    ['<>:"|?*', 'csv', '_______.csv'],
  ])('%j → %s', (name, extension, expected) => {
    expect(safeFileName(name, extension)).toBe(expected);
  });

  it('caps the length in bytes without splitting a character', () => {
    const name = safeFileName('ã'.repeat(500), 'csv');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(204);
    expect(name).toMatch(/^ã+\.csv$/);
  });
});
