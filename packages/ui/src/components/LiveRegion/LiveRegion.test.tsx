import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveRegion, nextLiveMessage, useLiveMessage } from './LiveRegion';

describe('<LiveRegion>', () => {
  it('is a polite, atomic status region, hidden from the eye unless asked, empty without a message', () => {
    const view = render(<LiveRegion data-testid="said" />);
    const said = screen.getByTestId('said');
    expect(said.tagName).toBe('DIV');
    expect(said.getAttribute('role')).toBe('status');
    expect(said.getAttribute('aria-live')).toBe('polite');
    expect(said.getAttribute('aria-atomic')).toBe('true');
    expect(said.className).toBe('rd-visually-hidden');
    expect(said.childNodes).toHaveLength(0);
    view.rerender(
      <LiveRegion as="output" visible className="count" data-testid="said">
        {''}
      </LiveRegion>,
    );
    const output = screen.getByTestId('said');
    expect(output.tagName).toBe('OUTPUT');
    expect(output.className).toBe('count');
    expect(output.childNodes).toHaveLength(0);
  });

  it('puts a new message in a new node, the same words too; the same message keeps its node', () => {
    const view = render(
      <LiveRegion messageKey={1} data-testid="said">
        All changes saved
      </LiveRegion>,
    );
    const said = screen.getByTestId('said');
    const first = said.firstElementChild;
    expect(said.textContent).toBe('All changes saved');
    view.rerender(
      <LiveRegion messageKey={2} data-testid="said">
        All changes saved
      </LiveRegion>,
    );
    expect(said.textContent).toBe('All changes saved');
    expect(said.firstElementChild).not.toBe(first);
    const second = said.firstElementChild;
    // The same message with other words (a count as it is typed): one node, new text.
    view.rerender(
      <LiveRegion messageKey={2} data-testid="said">
        Saving…
      </LiveRegion>,
    );
    expect(said.firstElementChild).toBe(second);
    expect(said.textContent).toBe('Saving…');
  });
});

describe('useLiveMessage', () => {
  it('numbers each message, so a repeated value is a new message', () => {
    const { result } = renderHook(() => useLiveMessage<string>());
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]('Paused'));
    expect(result.current[0]).toEqual({ value: 'Paused', serial: 1 });
    act(() => result.current[1]('Paused'));
    expect(result.current[0]).toEqual({ value: 'Paused', serial: 2 });
  });

  it('counts on from the last message outside React too', () => {
    const first = nextLiveMessage(null, 'a');
    expect(nextLiveMessage(first, 'a')).toEqual({ value: 'a', serial: 2 });
  });
});
