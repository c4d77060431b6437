import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_NAME, parseContentDisposition } from './index.js';
import { API, record, testClient } from './testing/server.js';

const TASK_ID = '6f1c2a4e-58a4-4c1e-9a55-1d8f0e2b7c11';

function answerFile(contentDisposition: string | null, contentType = 'text/csv') {
  return record(() => {
    const headers = new Headers({ 'Content-Type': contentType });
    if (contentDisposition !== null) headers.set('Content-Disposition', contentDisposition);
    return new HttpResponse(new Blob(['a;b\n1;2\n']), { status: 200, headers });
  });
}

const exportCsv = () =>
  testClient().POST('/api/v{version}/Viewer/Export/{taskId}/{type}', {
    params: { path: { taskId: TASK_ID, type: 1 } },
  });

describe('file calls', () => {
  it('resolve to { fileName, contentType, blob } named by a plain filename', async () => {
    const seen = answerFile('attachment; filename="invoice 42.csv"');
    const { data } = await exportCsv();
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url.href).toBe(`${API}/api/v1/Viewer/Export/${TASK_ID}/1`);
    expect(data.fileName).toBe('invoice 42.csv');
    expect(data.contentType).toBe('text/csv');
    expect(data.blob).toBeInstanceOf(Blob);
    expect(await data.blob.text()).toBe('a;b\n1;2\n');
  });

  it('prefer the UTF-8 filename* over the plain filename', async () => {
    answerFile(`attachment; filename="Relatorio.csv"; filename*=UTF-8''Relat%C3%B3rio%20%E2%82%AC.csv`);
    expect((await exportCsv()).data.fileName).toBe('Relatório €.csv');
  });

  it('fall back to a default name when the answer names no file', async () => {
    answerFile(null);
    expect((await exportCsv()).data.fileName).toBe(DEFAULT_FILE_NAME);
  });

  it('work for POST file calls with a body', async () => {
    const seen = answerFile(
      'attachment; filename=tasks.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const { data } = await testClient().POST('/api/v{version}/User/DownloadPersonalData');
    expect(seen[0]?.url.pathname).toBe('/api/v1/User/DownloadPersonalData');
    expect(data.fileName).toBe('tasks.xlsx');
  });
});

describe('parseContentDisposition', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['inline; FILENAME="Report.PDF"', 'Report.PDF'],
    ['attachment; filename="quoted \\"name\\".txt"', 'quoted "name".txt'],
    ['attachment; filename="a;b.txt"', 'a;b.txt'],
    [`attachment; filename*=UTF-8''%E2%82%AC%20rates.txt`, '€ rates.txt'],
    [`attachment; filename*=utf-8'en'na%C3%AFve.txt`, 'naïve.txt'],
    [`attachment; filename*=ISO-8859-1''caf%E9.txt`, 'café.txt'],
    [`attachment; filename*=UTF-8''%E2%82%AC.txt; filename="EUR.txt"`, '€.txt'],
    [`attachment; filename="EUR.txt"; filename*=UTF-8''%E2%82%AC.txt`, '€.txt'],
    // A malformed extended value falls back to the plain name.
    [`attachment; filename*=UTF-8''%E2%82.txt; filename="fallback.txt"`, 'fallback.txt'],
    // Directory parts are dropped: the header cannot choose where the file lands.
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.txt"', 'x.txt'],
  ])('%s → %s', (header, expected) => {
    expect(parseContentDisposition(header)).toBe(expected);
  });

  it.each([null, undefined, '', 'attachment', 'inline; size=10', 'attachment; filename=""'])(
    'gives undefined for %j',
    (header) => {
      expect(parseContentDisposition(header)).toBeUndefined();
    },
  );
});
