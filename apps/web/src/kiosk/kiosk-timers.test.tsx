import { KIOSK_TIMING } from '@opsuite/shared/rules/kiosk';
import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSlot } from './kiosk-test-utils';
import { useClassSelection } from './use-class-selection';
import { useIdle } from './use-idle';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-10T09:54:00.000Z'));
});
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('screensaver (useIdle)', () => {
  it('appears after 20 s without activity and hides on any activity', () => {
    const { result } = renderHook(() => useIdle(KIOSK_TIMING.screensaverMs));
    expect(result.current.idle).toBe(false);
    advance(19_999);
    expect(result.current.idle).toBe(false);
    advance(1);
    expect(result.current.idle).toBe(true);

    act(() => void fireEvent.mouseMove(window));
    expect(result.current.idle).toBe(false);
    advance(20_000);
    expect(result.current.idle).toBe(true);
    act(() => void fireEvent.touchStart(window));
    expect(result.current.idle).toBe(false);
  });

  it('counts the 20 s from the last mouse, key, click or touch', () => {
    const { result } = renderHook(() => useIdle(20_000));
    for (const fire of [
      () => fireEvent.mouseMove(window),
      () => fireEvent.keyDown(window, { key: 'a' }),
      () => fireEvent.click(document.body),
      () => fireEvent.touchStart(document.body),
      () => fireEvent.mouseDown(document.body),
    ]) {
      advance(15_000);
      act(() => void fire());
    }
    advance(19_999);
    expect(result.current.idle).toBe(false);
    advance(1);
    expect(result.current.idle).toBe(true);
  });

  it('defaults to 30 s', () => {
    const { result } = renderHook(() => useIdle());
    advance(29_999);
    expect(result.current.idle).toBe(false);
    advance(1);
    expect(result.current.idle).toBe(true);
  });

  it('can start asleep (a paired device) and wakes on activity', () => {
    const { result } = renderHook(() => useIdle(20_000, true));
    expect(result.current.idle).toBe(true);
    advance(60_000);
    expect(result.current.idle).toBe(true);
    act(() => void fireEvent.keyDown(window, { key: 'Enter' }));
    expect(result.current.idle).toBe(false);
    advance(20_000);
    expect(result.current.idle).toBe(true);
  });
});

describe('auto-selection (useClassSelection)', () => {
  // Times are UTC; the organisation is in UTC.
  const spin = makeSlot({ startTime: '10:00', endTime: '11:00' });
  const yoga = makeSlot({ startTime: '11:30', endTime: '12:30' });
  const slots = [spin, yoga];

  it('selects every 60 s: the class within 5 minutes, then the class in progress', () => {
    const { result } = renderHook(() => useClassSelection(slots, 'UTC'));
    // 09:54: spin starts in 6 minutes, nothing yet.
    expect(result.current.selectedId).toBeNull();
    advance(59_999);
    expect(result.current.selectedId).toBeNull();
    advance(1); // 09:55: exactly 5 minutes ahead.
    expect(result.current.selectedId).toBe(spin._id);
    advance(65 * 60_000); // 11:00: the end is inclusive.
    expect(result.current.selectedId).toBe(spin._id);
    advance(60_000); // 11:01: spin is over, yoga is 29 minutes away.
    expect(result.current.selectedId).toBeNull();
    advance(25 * 60_000); // 11:26: yoga within 5 minutes.
    expect(result.current.selectedId).toBe(yoga._id);
  });

  it('holds a manual choice for 5 minutes', () => {
    vi.setSystemTime(new Date('2025-06-10T09:58:00.000Z'));
    const { result } = renderHook(() => useClassSelection(slots, 'UTC'));
    expect(result.current.selectedId).toBe(spin._id);
    act(() => result.current.selectManually(yoga._id));
    expect(result.current.selectedId).toBe(yoga._id);
    // Four ticks later (10:02, spin in progress) the manual choice still holds.
    advance(4 * 60_000);
    expect(result.current.selectedId).toBe(yoga._id);
    advance(KIOSK_TIMING.manualHoldMs - 4 * 60_000 - 1);
    expect(result.current.selectedId).toBe(yoga._id);
    advance(1); // 300000 ms after the tap auto-selection resumes.
    expect(result.current.selectedId).toBe(spin._id);
  });

  it('keeps a choice when nothing qualifies, until its class is over', () => {
    vi.setSystemTime(new Date('2025-06-10T08:00:00.000Z'));
    const { result } = renderHook(() => useClassSelection(slots, 'UTC'));
    act(() => result.current.selectManually(yoga._id));
    advance(10 * 60_000);
    expect(result.current.selectedId).toBe(yoga._id);
  });
});
