import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transcriptInit } from '../test/fixtures.js';
import { editorTestServer } from '../test/render-editor.js';
import { exportOptions } from './export-request.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();

/** The files offered for download: saveFile clicks a link with the file's name. */
function downloads() {
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  return { names, restore: () => click.mockRestore() };
}

describe('export dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exports this recording with the chosen type and options, saving pending words first', async () => {
    const user = userEvent.setup();
    const { api } = await renderEditor();
    const files = downloads();
    await user.click(within(screen.getByTestId('paragraph.1')).getByTestId('paragraph.1.edit'));
    const box = screen.getByTestId('paragraph.1.text') as HTMLTextAreaElement;
    await user.clear(box);
    await user.type(box, 'ask not what your country can do for you{Enter}');
    await user.click(screen.getByTestId('export.open'));
    const dialog = screen.getByRole('dialog');
    const format = within(dialog).getByTestId('export.format') as HTMLSelectElement;
    expect([...format.options].map((o) => o.value)).toEqual(['Txt', 'Word', 'Srt', 'Vtt', 'Json']);
    await user.selectOptions(format, 'Srt');
    // Subtitles are timed by what they are.
    expect((within(dialog).getByTestId('export.timestamps') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByTestId('export.speakers'));
    await user.click(within(dialog).getByTestId('export.merge'));
    await user.click(within(dialog).getByTestId('export.download'));
    await waitFor(() => expect(files.names).toEqual(['Inaugural.srt']));
    expect(api.state.exports).toEqual([
      { call: 'Export', body: { type: 30, includeTimestamps: true, includeSpeakers: false, mergeParagraphs: true } },
    ]);
    // The correction was saved before the file was asked for.
    expect(api.state.calls.indexOf('Save')).toBeLessThan(api.state.calls.indexOf('Export'));
    expect(api.state.transcript.transcripts[1]?.children.at(-1)?.text).toBe('you');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    files.restore();
  });

  it('offers SubRip and WebVTT only for subtitles, and every recording of the workspace as a zip', async () => {
    const user = userEvent.setup();
    const { api } = await renderEditor({ init: { workspaceConfig: subtitlesWorkspace() } });
    const files = downloads();
    await user.click(screen.getByTestId('export.open'));
    const dialog = screen.getByRole('dialog');
    const format = within(dialog).getByTestId('export.format') as HTMLSelectElement;
    expect([...format.options].map((o) => o.value)).toEqual(['Srt', 'Vtt']);
    await user.selectOptions(format, 'Vtt');
    await user.selectOptions(within(dialog).getByTestId('export.scope'), 'workspace');
    await user.click(within(dialog).getByTestId('export.download'));
    await waitFor(() => expect(files.names).toEqual(['Recordings.zip']));
    expect(api.state.exports[0]).toMatchObject({
      call: 'ExportMultiple',
      body: { type: 40, allSelected: true, taskIdList: [], taskSource: 10, workspaceId: api.init.workspaceConfig.id },
    });
    files.restore();
  });

  it('sends the timestamps option as chosen for text and Word', () => {
    const base = { includeSpeakers: true, mergeParagraphs: false, scope: 'task' as const };
    expect(exportOptions({ ...base, format: 'Txt', includeTimestamps: false })).toMatchObject({
      type: 10,
      includeTimestamps: false,
    });
    expect(exportOptions({ ...base, format: 'Vtt', includeTimestamps: false }).includeTimestamps).toBe(true);
  });
});

function subtitlesWorkspace() {
  return { ...transcriptInit().workspaceConfig, taskType: 'Subtitles' as const };
}
