import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewdeskProvider } from '../provider/ReviewdeskProvider';
import { fakeClient, renderWithProvider } from '../test/render';
import type { SaveState } from './autosave';
import { SaveStateBadge } from './SaveStateBadge';

describe('<SaveStateBadge>', () => {
  it('shows every state, and tells a screen reader only where a save ended', () => {
    const view = renderWithProvider(<SaveStateBadge state="saved" />, { locale: 'en' });
    const show = (state: SaveState) =>
      view.rerender(
        <ReviewdeskProvider client={fakeClient} preferencesStorage={null} locale="en">
          <SaveStateBadge state={state} />
        </ReviewdeskProvider>,
      );
    const badge = screen.getByTestId('save.state');
    const said = screen.getByTestId('save.announcement');
    expect(said.getAttribute('role')).toBe('status');
    // Opened: shown, not said.
    expect(badge.textContent).toBe('All changes saved');
    expect(said.textContent).toBe('');
    // An edit and its save: shown step by step, said once it ended.
    show('unsaved');
    expect(badge.textContent).toBe('Unsaved changes');
    expect(said.textContent).toBe('');
    show('saving');
    expect(said.textContent).toBe('');
    show('saved');
    expect(said.textContent).toBe('All changes saved');
    const first = said.firstElementChild;
    // The next edit's save is said again: a new node, though the words are the same.
    show('saving');
    show('saved');
    expect(said.textContent).toBe('All changes saved');
    expect(said.firstElementChild).not.toBe(first);
    // A failed save is said too.
    show('saving');
    show('failed');
    expect(said.textContent).toBe(badge.textContent);
    expect(said.textContent).not.toBe('All changes saved');
  });
});
