import { vi } from 'vitest';

// jsdom has no media queries: tests answer them with these.

/** A MediaQueryList for `query` that answers `matches`. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  } as unknown as MediaQueryList;
}

/** Every media query from now on matches when `matches(query)` says so (a phone: `() => true`). */
export function stubMediaQueries(matches: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, matches(query)));
}
