import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewdeskProvider } from '../provider/ReviewdeskProvider';
import { fakeClient, renderWithProvider } from '../test/render';
import { CheckoutCountdown, checkoutMark } from './CheckoutCountdown';

const START = Date.parse('2026-03-02T10:00:00Z');

describe('checkoutMark', () => {
  it('is the last announcement mark the time left has passed', () => {
    expect(checkoutMark(6 * 60_000)).toBeNull();
    expect(checkoutMark(5 * 60_000)).toBe(5 * 60_000);
    expect(checkoutMark(3 * 60_000)).toBe(5 * 60_000);
    expect(checkoutMark(90_000)).toBe(2 * 60_000);
    expect(checkoutMark(45_000)).toBe(60_000);
    expect(checkoutMark(10_000)).toBe(30_000);
    expect(checkoutMark(-1)).toBe(30_000);
  });
});

describe('<CheckoutCountdown>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  const tick = (seconds: number) =>
    act(() => {
      vi.advanceTimersByTime(seconds * 1_000);
    });

  it('ticks every second on screen but tells a screen reader only as it passes 5, 2 and 1 minutes', () => {
    const until = new Date(START + 5 * 60_000 + 3_000).toISOString();
    renderWithProvider(<CheckoutCountdown until={until} />, { locale: 'en' });
    const live = screen.getByTestId('checkout.announcement');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('checkout.countdown').textContent).toContain('Checked out for 5:03');
    expect(live.textContent).toBe('');

    tick(3);
    expect(live.textContent).toBe('Checkout ends in 5:00');
    const said = live.textContent;
    tick(30);
    // The screen shows every second; the live region keeps its message until the next mark.
    expect(screen.getByTestId('checkout.countdown').textContent).toContain('Checked out for 4:30');
    expect(live.textContent).toBe(said);

    tick(150);
    expect(live.textContent).toBe('Checkout ends in 2:00');
    tick(60);
    expect(live.textContent).toBe('Checkout ends in 1:00');
    // Only the visible countdown is text outside the live region: nothing else is live.
    expect(screen.getByTestId('checkout.countdown').querySelectorAll('[aria-live]')).toHaveLength(1);
  });

  it('falls silent again when the checkout is renewed', () => {
    const at = (minutes: number) => (
      <ReviewdeskProvider client={fakeClient} preferencesStorage={null} locale="en">
        <CheckoutCountdown until={new Date(START + minutes * 60_000).toISOString()} />
      </ReviewdeskProvider>
    );
    const { rerender } = render(at(4));
    const live = screen.getByTestId('checkout.announcement');
    expect(live.textContent).toBe('Checkout ends in 4:00');
    tick(1);
    rerender(at(15));
    tick(1);
    expect(live.textContent).toBe('');
  });
});
