/**
 * The task list (/task/list) and its import dialog. Test ids: `task-list`, `task-list.import`,
 * `import.input`, `import.start`, `import.file.<name>` (with `data-status`),
 * `task-list.row.<id>` (with `data-task-id`), `task-list.open.<id>`.
 */
import type { Locator, Page } from 'playwright-core';
import { byTestId } from './testid';

export class TaskListScreen {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = byTestId(page, 'task-list');
  }
  async open(): Promise<void> {
    await this.page.goto('/task/list');
    await this.root.waitFor();
  }
  async importFiles(...paths: string[]): Promise<void> {
    await byTestId(this.page, 'task-list.import').click();
    await byTestId(this.page, 'import.input').setInputFiles(paths);
    await byTestId(this.page, 'import.start').click();
  }
  fileEntry(name: string): Locator {
    return byTestId(this.page, `import.file.${name}`);
  }
  async waitForFileStatus(name: string, status: string, timeout = 60_000): Promise<void> {
    await this.page.waitForFunction(
      ([id, wanted]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-status') === wanted,
      [`import.file.${name}`, status] as const,
      { timeout },
    );
  }
  async closeImport(): Promise<void> {
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /^Close$/ })
      .last()
      .click();
  }
  row(name: string): Locator {
    return this.root.locator('[data-testid^="task-list.row."]', { hasText: name }).first();
  }
  /** Opens a row's task in the viewer and waits for the viewer's address; returns the task id. */
  async openRow(name: string): Promise<string> {
    const taskId = (await this.row(name).getAttribute('data-task-id')) ?? '';
    await byTestId(this.page, `task-list.open.${taskId}`).click();
    await this.page.waitForURL((url) => url.pathname === '/task/viewer' && url.searchParams.get('taskId') === taskId);
    return taskId;
  }
}
