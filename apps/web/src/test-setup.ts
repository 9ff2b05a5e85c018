import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from './app/auth-store';
import { mediaQueryList } from './test-media';

// Mantine reads these browser APIs that jsdom does not provide. Test files share one window (no
// module isolation), so each file starts again from a desktop whatever the last one stubbed.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn().mockImplementation((query: string) => mediaQueryList(query, false)),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.HTMLElement.prototype.scrollTo ??= () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);

afterEach(() => {
  // Toasts live in a store shared by every test of a file: one left by the previous test (they
  // close after 1 s) must not be found by the next.
  notifications.clean();
  cleanup();
  window.localStorage.clear();
  clearSession();
});
