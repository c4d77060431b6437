import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProvider } from '../../test/render';
import { Button } from '../Button/Button';
import { Input } from '../Field/Field';
import { Dialog, OUTSIDE_HIDDEN_AFTER_MS } from './Dialog';

function RenameDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <header>
        <Button onClick={() => setOpen(true)}>Rename…</Button>
      </header>
      <main>The page</main>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Rename speaker"
        description="The new name is used in every paragraph."
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button onClick={() => setOpen(false)}>Rename</Button>
          </>
        }
      >
        <Input label="Name" />
      </Dialog>
    </>
  );
}

function ConfirmDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete…</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete task?"
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="danger">Delete</Button>
          </>
        }
      />
    </>
  );
}

/** Each element outside the dialog that is given aria-hidden, with where the focus was then. */
function watchOutsideHidden() {
  const seen: { at: number; focusInDialog: boolean }[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const el = record.target as Element;
      if (el.getAttribute('aria-hidden') !== 'true' || el.closest('[role="dialog"]')) continue;
      seen.push({
        at: performance.now(),
        focusInDialog: Boolean(document.activeElement?.closest('[role="dialog"]')),
      });
    }
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
  return { seen, stop: () => observer.disconnect() };
}

/** What a screen reader calls the focused control, near enough for these tests. */
const focusedName = () => {
  const el = document.activeElement;
  if (el instanceof HTMLInputElement) return el.labels?.[0]?.textContent ?? '';
  return el?.getAttribute('aria-label') ?? el?.textContent ?? '';
};

let stopWatching = () => {};
afterEach(() => stopWatching());

describe('<Dialog>', () => {
  it('is named by its title and described by its sentence', async () => {
    const user = userEvent.setup();
    renderWithProvider(<RenameDemo />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Rename speaker',
      description: 'The new name is used in every paragraph.',
    });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('moves the focus in before it hides the page outside, and gives both back on close', async () => {
    const user = userEvent.setup();
    renderWithProvider(<RenameDemo />, { locale: 'en' });
    const opener = screen.getByRole('button', { name: 'Rename…' });
    const main = screen.getByRole('main');
    const watch = watchOutsideHidden();
    stopWatching = watch.stop;
    opener.focus();
    await user.keyboard('{Enter}');
    // The first control after Close: the form's field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    const focusedAt = performance.now();
    // A screen reader still finds what the focus came from: nothing outside is hidden yet, and
    // the dialog is not moved in the accessibility tree (no aria-owns puts it beside its opener)...
    expect(main.getAttribute('aria-hidden')).toBeNull();
    expect(document.querySelector('[aria-owns]')).toBeNull();
    // ...and a moment later the outside is hidden, with the focus inside all along.
    await waitFor(() => expect(main.getAttribute('aria-hidden')).toBe('true'), {
      timeout: 3 * OUTSIDE_HIDDEN_AFTER_MS,
    });
    expect(watch.seen.length).toBeGreaterThan(0);
    expect(watch.seen.every((s) => s.focusInDialog)).toBe(true);
    expect((watch.seen[0]?.at ?? 0) - focusedAt).toBeGreaterThanOrEqual(OUTSIDE_HIDDEN_AFTER_MS - 100);
    expect(opener.closest('[aria-hidden="true"]')).not.toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main.getAttribute('aria-hidden')).toBeNull();
  });

  it('hides the outside at the first key pressed inside, so Tab is trapped from the first key', async () => {
    const user = userEvent.setup();
    renderWithProvider(<RenameDemo />, { locale: 'en' });
    screen.getByRole('button', { name: 'Rename…' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename speaker' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    const main = screen.getByRole('main');
    expect(main.getAttribute('aria-hidden')).toBeNull();
    await user.tab();
    expect(main.getAttribute('aria-hidden')).toBe('true');
    // Cancel, Rename, then round to Close and the field: never out of the dialog.
    const visited = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      visited.add(focusedName());
      await user.tab();
    }
    expect([...visited].sort()).toEqual(['Cancel', 'Close', 'Name', 'Rename']);
  });

  it('starts a confirmation on its safe choice, the first button of the footer', async () => {
    const user = userEvent.setup();
    renderWithProvider(<ConfirmDemo />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });
});
