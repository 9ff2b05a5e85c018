import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';

// What the kiosk specs share: the organisation's zone and wall-clock instants in it, a kiosk
// tablet with its own clock, the class cards and their attended counts, and waking the kiosk.

export async function organizationZone(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('organization') ?? '{}').timeZone as string);
}

/** The day `days` after today in a zone, as YYYY-MM-DD. */
export function dayInZone(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant a wall-clock day and HH:mm has in a zone. */
export function zonedInstant(day: string, hhmm: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T${hhmm}:00Z`);
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
  };
  return new Date(asUtc - offset(asUtc - offset(asUtc)));
}

/** Kiosk screens: a landscape tablet, or a phone (three collapsible sections). */
export const KIOSK_VIEWPORTS = {
  tablet: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A kiosk tablet (or phone): its own browser context, its clock set to a time on the class day. */
export async function openKiosk(
  browser: Browser,
  at: Date,
  screen: keyof typeof KIOSK_VIEWPORTS = 'tablet',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: KIOSK_VIEWPORTS[screen],
    ...(screen === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await context.clock.install({ time: at });
  const kiosk = await context.newPage();
  await kiosk.goto('/kiosk');
  return kiosk;
}

/**
 * A tag reader typing the member's code outside any input: the kiosk opens its class dialog
 * (fullscreen once a device code is stored).
 */
/**
 * A tag reader types the whole code within a few milliseconds. The keys are sent in one go inside
 * the page, as a reader would: typed one by one from the test, a busy machine can space them more
 * than the reader's key gap and the kiosk rightly takes them for a person typing.
 */
export async function scanTag(kiosk: Page, code: string) {
  await kiosk.evaluate((typed) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...typed, 'Enter']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

export const classCard = (kiosk: Page, time: string, title: string): Locator =>
  kiosk.getByTestId('class-card').filter({ hasText: time }).filter({ hasText: title });

export async function attendedCount(card: Locator): Promise<number> {
  const text = (await card.getByTestId('attended-count').textContent()) ?? '';
  return Number(text.trim().split(/\s|\//)[0]);
}

export async function wake(kiosk: Page) {
  const screensaver = kiosk.getByTestId('screensaver');
  if (await screensaver.isVisible()) {
    // Moving the mouse is activity enough; a click could land on a class card.
    const width = kiosk.viewportSize()?.width ?? 1280;
    await kiosk.mouse.move(width / 2, 10);
    await kiosk.mouse.move(width / 2 + 20, 20);
    await expect(screensaver).toBeHidden();
  }
}
