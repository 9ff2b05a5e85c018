import { notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { Providers } from './providers';
import { TOAST_AUTO_CLOSE_MS, toast } from './toast';

/** Messages of the toasts the store still holds (a closed toast leaves it at once). */
const open = () => notificationsStore.getState().notifications.map((n) => String(n.message));

function mount() {
  render(
    <Providers env="test">
      <p>page</p>
    </Providers>,
  );
}

/** Checks that `message` is on screen until just before 1 second has passed and gone at 1 second. */
function expectClosesAfterOneSecond(message: string) {
  expect(screen.getByText(message)).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(999));
  expect(open()).toContain(message);
  expect(screen.getByText(message)).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(open()).not.toContain(message);
  act(() => vi.advanceTimersByTime(500)); // the exit transition
  expect(screen.queryByText(message)).toBeNull();
}

describe('toasts (they close after 1 second)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mount();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('uses 1000 ms', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(1000);
  });

  it.each(['success', 'error', 'warning', 'info'] as const)('a %s toast closes after 1 second', (kind) => {
    act(() => void toast[kind](`The ${kind} toast`));
    expectClosesAfterOneSecond(`The ${kind} toast`);
  });

  it("the server's error message closes after 1 second", () => {
    act(() => void toast.apiError(new ApiError(400, 'BAD_REQUEST', 'name: Name is required')));
    expectClosesAfterOneSecond('name: Name is required');
  });

  it('the sign-out toast stays while loading, then closes 1 second after it settles', () => {
    let id = '';
    act(() => {
      id = toast.loading('Signing out...');
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Signing out...')).toBeInTheDocument();
    act(() => toast.settle(id, 'success', 'Successfully signed out'));
    expect(screen.queryByText('Signing out...')).toBeNull();
    expectClosesAfterOneSecond('Successfully signed out');
  });

  it('a toast shown straight through Mantine gets the same 1 second from the container', () => {
    act(() => void notifications.show({ message: 'Shown directly' }));
    expectClosesAfterOneSecond('Shown directly');
  });
});
