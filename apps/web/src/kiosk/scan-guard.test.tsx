import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW, startWithClassInProgress, user } from './kiosk-test-utils';
import { createScanGuard, HANDLED_CODE_HOLD_MS, RETRY_SAME_CODE_MS } from './scan-guard';
import { type TagOutcome, useCardReader } from './use-card-reader';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What a reader does: the code's characters and Enter, a few milliseconds apart (here: at once). */
function scan(code: string) {
  act(() => {
    for (const key of [...code, 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
  });
}

describe('createScanGuard', () => {
  beforeEach(() => vi.useFakeTimers());

  it('accepts a code once until it is forgotten', () => {
    const guard = createScanGuard();
    expect(guard.accept('A')).toBe(true);
    expect(guard.accept('A')).toBe(false);
    expect(guard.accept('B')).toBe(true);
    expect(guard.accept('A')).toBe(true);
    guard.forget('B');
    expect(guard.accept('A')).toBe(false);
    guard.forget();
    expect(guard.accept('A')).toBe(true);
  });

  it('lets the same code through again 2.5 s after it was dealt with, 2 s after a failure', () => {
    expect(HANDLED_CODE_HOLD_MS).toBe(2_500);
    expect(RETRY_SAME_CODE_MS).toBe(2_000);
    const guard = createScanGuard();
    guard.accept('A');
    guard.settle('A', true);
    vi.advanceTimersByTime(2_499);
    expect(guard.accept('A')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.accept('A')).toBe(true);
    guard.settle('A', false);
    vi.advanceTimersByTime(1_999);
    expect(guard.accept('A')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.accept('A')).toBe(true);
  });

  it('a timer of an older code never releases a newer one', () => {
    const guard = createScanGuard();
    guard.accept('A');
    guard.settle('A', false);
    guard.accept('B');
    vi.advanceTimersByTime(5_000);
    expect(guard.accept('B')).toBe(false);
    guard.dispose();
  });
});

describe('useCardReader repeat guard', () => {
  beforeEach(() => vi.useFakeTimers());

  const renderReader = (outcome: TagOutcome) => {
    const onCode = vi.fn(async (_code: string) => outcome);
    const hook = renderHook(
      ({ enabled, resetKey }: { enabled: boolean; resetKey: number }) =>
        useCardReader(onCode, enabled, resetKey),
      { initialProps: { enabled: true, resetKey: 0 } },
    );
    return { onCode, ...hook };
  };

  it('ignores a repeat until the check-in it started is over', async () => {
    const { onCode } = renderReader('handled');
    scan('0042');
    await act(async () => {});
    scan('0042');
    expect(onCode).toHaveBeenCalledTimes(1);
    scan('0077');
    expect(onCode).toHaveBeenCalledTimes(2);
    expect(onCode).toHaveBeenLastCalledWith('0077');
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(HANDLED_CODE_HOLD_MS));
    scan('0077');
    expect(onCode).toHaveBeenCalledTimes(3);
  });

  it('takes the same code again 2 s after a failed attempt', async () => {
    const { onCode } = renderReader('failed');
    scan('0042');
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(RETRY_SAME_CODE_MS - 1));
    scan('0042');
    expect(onCode).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    scan('0042');
    expect(onCode).toHaveBeenCalledTimes(2);
  });

  it('holds a code whose class dialog is open until the confirmation after it is over', async () => {
    const { onCode, rerender } = renderReader('opened');
    scan('0042');
    await act(async () => {});
    rerender({ enabled: false, resetKey: 0 });
    await act(async () => vi.advanceTimersByTime(60_000));
    rerender({ enabled: true, resetKey: 0 });
    await act(async () => vi.advanceTimersByTime(HANDLED_CODE_HOLD_MS - 1));
    scan('0042');
    expect(onCode).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    scan('0042');
    expect(onCode).toHaveBeenCalledTimes(2);
  });

  it('forgets the code when the kiosk resets (screensaver)', async () => {
    const { onCode, rerender } = renderReader('handled');
    scan('0042');
    await act(async () => {});
    rerender({ enabled: true, resetKey: 1 });
    scan('0042');
    expect(onCode).toHaveBeenCalledTimes(2);
  });
});

describe('Card Barcode tab repeat guard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });

  it('ignores the same card until the check-in is over, and again after a tab change', async () => {
    const { callsTo } = await startWithClassInProgress();
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Card Barcode' }));
    const input = screen.getByLabelText('Card barcode');
    await waitFor(() => expect(input).toHaveFocus());
    await u.keyboard('123{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Is this you?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: Jane');
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(1);

    // The reader sends the card again during the confirmation: ignored, the input is cleared.
    await waitFor(() => expect(screen.getByLabelText('Card barcode')).toHaveFocus());
    await u.keyboard('123{Enter}');
    expect(screen.getByLabelText('Card barcode')).toHaveValue('');
    expect(screen.queryByRole('dialog', { name: 'Is this you?' })).not.toBeInTheDocument();
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(1);

    // Once the check-in is over (the 2.5 s confirmation) the same card counts again.
    act(() => vi.advanceTimersByTime(HANDLED_CODE_HOLD_MS));
    await u.keyboard('123{Enter}');
    await screen.findByRole('dialog', { name: 'Is this you?' });
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(2);
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'No' }));

    // Declined just now, but leaving the tab and coming back resets the guard.
    await u.click(screen.getByRole('tab', { name: 'Check-In' }));
    await u.click(screen.getByRole('tab', { name: 'Card Barcode' }));
    await waitFor(() => expect(screen.getByLabelText('Card barcode')).toHaveFocus());
    await u.keyboard('123{Enter}');
    await screen.findByRole('dialog', { name: 'Is this you?' });
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(3);
  });
});
