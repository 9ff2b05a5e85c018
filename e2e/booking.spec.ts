import { expect, type Page, test } from '@playwright/test';
import {
  attendedCount,
  classCard,
  dayInZone,
  openKiosk,
  organizationZone,
  scanTag,
  wake,
  zonedInstant,
} from './kiosk-helpers.ts';

// The booking module in the built app: device codes and a paired kiosk checking the demo member in
// by code, by name and by card; the admin calendar showing the check-ins; booking setup and the
// theme settings; a public booking through a group link. Screens are kept for desktop (1280x800)
// and phone (390x844).

const PASSWORD = 'demo1234';
/** The demo member's punch id (apps/server/src/seed/booking-demo.ts). */
const MEMBER_CODE = '1234';
const MEMBER = 'Morgan Member';
/** The demo "Free Trial Class" group's public link. */
const DEMO_SLUG = 'demotrial';

const isPhone = () => test.info().project.name === 'phone';

async function signIn(page: Page, email = 'admin@demo.test') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-booking-${name}.png`, fullPage: false });
}

async function confirmIsThisYou(kiosk: Page, title: 'Is this you?' | 'Is this You?', screens = false) {
  const dialog = kiosk.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(MEMBER);
  if (screens) await shot(kiosk, 'kiosk-is-this-you');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(kiosk.getByTestId('confirmation')).toContainText('CHECKED IN: Morgan');
  if (screens) await shot(kiosk, 'kiosk-checked-in');
}

/** A new device code from device management (signed in as the admin). */
async function generateDeviceCode(page: Page): Promise<string> {
  await page.goto('/booking/devices');
  await expect(page.getByText('How to pair a tablet')).toBeVisible();
  const codes = page.getByTestId('device-code');
  await expect(codes.first()).toBeVisible();
  const before = await codes.allTextContents();
  await page.getByRole('button', { name: 'Generate code' }).click();
  await expect(page.getByText('Device code generated')).toBeVisible();
  await expect(codes).toHaveCount(before.length + 1);
  const code = (await codes.allTextContents()).find((c) => !before.includes(c)) as string;
  expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
  return code;
}

async function pair(kiosk: Page, code: string) {
  await kiosk.getByLabel('Device code').fill(code);
  await kiosk.getByRole('button', { name: 'Pair' }).click();
  // A device code is stored: the kiosk starts with the screensaver.
  await expect(kiosk.getByTestId('screensaver')).toContainText('SCAN YOUR TAG TO CHECK-IN');
  await shot(kiosk, 'kiosk-screensaver');
  await wake(kiosk);
}

/** A tag scanned outside any input opens Select Class to Check-In, fullscreen on a paired kiosk. */
async function classDialogFullscreen(kiosk: Page) {
  await expect(kiosk.getByTestId('confirmation')).toBeHidden({ timeout: 5_000 });
  await scanTag(kiosk, MEMBER_CODE);
  const dialog = kiosk.getByRole('dialog', { name: 'Select Class to Check-In' });
  await expect(dialog).toContainText(MEMBER);
  await expect(dialog.getByRole('button', { name: 'Confirm Check-In' })).toBeVisible();
  const box = await dialog.boundingBox();
  const viewport = kiosk.viewportSize();
  expect(box && viewport && Math.round(box.width) >= viewport.width - 1).toBe(true);
  expect(box && viewport && Math.round(box.height) >= viewport.height - 1).toBe(true);
  await shot(kiosk, 'kiosk-class-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('devices and the kiosk', () => {
  test('a generated code pairs a kiosk that checks the member in by code, name and card', async ({
    page,
    browser,
  }) => {
    test.skip(isPhone(), 'A kiosk tablet; the phone layout has its own test below.');
    test.setTimeout(120_000);
    await signIn(page);
    const timeZone = await organizationZone(page);

    const code = await generateDeviceCode(page);
    await shot(page, 'devices');

    // Tomorrow in the organisation's zone, during the 07:00 class.
    const day = dayInZone(timeZone, 1);
    const kiosk = await openKiosk(browser, zonedInstant(day, '07:15', timeZone));
    await pair(kiosk, code);
    await expect(kiosk.getByRole('heading', { name: 'Available Classes' })).toBeVisible();
    await shot(kiosk, 'kiosk-screen');

    // By code, into the class in progress (auto-selected).
    const early = classCard(kiosk, '07:00 AM', 'BJJ Fundamentals');
    await expect(early).toHaveAttribute('aria-pressed', 'true');
    const earlyBefore = await attendedCount(early);
    for (const digit of MEMBER_CODE) await kiosk.getByRole('button', { name: digit, exact: true }).click();
    await kiosk.getByRole('button', { name: 'Submit' }).click();
    await confirmIsThisYou(kiosk, 'Is this you?', true);
    await expect.poll(() => attendedCount(early)).toBe(earlyBefore + 1);

    // By name, into the 10:00 open mat.
    await wake(kiosk);
    const mat = classCard(kiosk, '10:00 AM', 'Open Mat');
    const matBefore = await attendedCount(mat);
    await mat.click();
    await kiosk.getByRole('tab', { name: 'Search By Name' }).click();
    await kiosk.getByLabel('Search by name', { exact: true }).fill('Morgan');
    await kiosk.getByRole('button', { name: new RegExp(MEMBER) }).click();
    await kiosk.getByRole('button', { name: 'Submit' }).click();
    await confirmIsThisYou(kiosk, 'Is this You?');
    await expect.poll(() => attendedCount(mat)).toBe(matBefore + 1);

    // By card barcode (a reader types the code and Enter), into the 12:30 class.
    await wake(kiosk);
    const noon = classCard(kiosk, '12:30 PM', 'BJJ Fundamentals');
    const noonBefore = await attendedCount(noon);
    await noon.click();
    await kiosk.getByRole('tab', { name: 'Card Barcode' }).click();
    await kiosk.getByLabel('Card barcode', { exact: true }).fill(MEMBER_CODE);
    await kiosk.getByLabel('Card barcode', { exact: true }).press('Enter');
    await confirmIsThisYou(kiosk, 'Is this you?');
    await expect.poll(() => attendedCount(noon)).toBe(noonBefore + 1);

    // A tag read outside any input: the class dialog, fullscreen on a paired kiosk.
    await wake(kiosk);
    await classDialogFullscreen(kiosk);
    await kiosk.context().close();

    // The admin sees the member checked in (the booking completed) in the calendar.
    await page.goto(`/calendar?date=${day}&view=listDay`);
    for (const time of ['7:00am', '10:00am', '12:30pm']) {
      await page
        .locator('.fc-list-event')
        .filter({ hasText: new RegExp(`^${time}`) })
        .click();
      const drawer = page.getByRole('dialog', { name: 'Class slot' });
      const row = drawer.getByTestId('attendee-row').filter({ hasText: MEMBER });
      await expect(row.getByTestId('attendee-status')).toHaveText('Checked in');
      await expect(drawer.getByTestId('slot-attended')).not.toHaveText('0 attended');
      if (time === '7:00am') await shot(page, 'slot-attendees');
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();
    }
  });
});

test.describe('the kiosk on a phone', () => {
  test('three collapsible sections; choosing a class opens Check-in; check-in by code', async ({
    page,
    browser,
  }) => {
    test.skip(!isPhone(), 'The tablet layout is covered by the test above.');
    test.setTimeout(120_000);
    await signIn(page);
    const timeZone = await organizationZone(page);
    const code = await generateDeviceCode(page);

    // Two days ahead (the desktop run checks in tomorrow), during the 15:00 open mat.
    const day = dayInZone(timeZone, 2);
    const kiosk = await openKiosk(browser, zonedInstant(day, '15:10', timeZone), 'phone');
    await pair(kiosk, code);

    const section = (name: string) => kiosk.getByRole('button', { name, exact: true });
    await expect(section('Available Classes')).toHaveAttribute('aria-expanded', 'true');
    await expect(section('Check-in')).toHaveAttribute('aria-expanded', 'true');
    await expect(section('Contact')).toHaveAttribute('aria-expanded', 'false');
    await expect(kiosk.getByRole('heading', { name: 'Available Classes' })).toHaveCount(0);
    const inProgress = classCard(kiosk, '03:00 PM', 'Open Mat');
    await expect(inProgress).toHaveAttribute('aria-pressed', 'true');
    await shot(kiosk, 'kiosk-screen');

    // Contact opens and closes like the others.
    await section('Contact').click();
    await expect(section('Contact')).toHaveAttribute('aria-expanded', 'true');
    await expect(kiosk.getByTestId('contact-panel')).toContainText('No Contact Selected');
    await section('Contact').click();
    await expect(section('Contact')).toHaveAttribute('aria-expanded', 'false');

    // Choosing a class closes the classes section and opens the check-in.
    const evening = classCard(kiosk, '06:00 PM', 'BJJ Fundamentals');
    const before = await attendedCount(evening);
    await evening.click();
    await expect(section('Available Classes')).toHaveAttribute('aria-expanded', 'false');
    await expect(section('Check-in')).toHaveAttribute('aria-expanded', 'true');
    // The collapsed section keeps its content mounted at zero height: out of sight.
    await expect(evening).not.toBeInViewport();
    await expect(kiosk.getByRole('button', { name: 'Submit' })).toBeInViewport();

    for (const digit of MEMBER_CODE) await kiosk.getByRole('button', { name: digit, exact: true }).click();
    await kiosk.getByRole('button', { name: 'Submit' }).click();
    await confirmIsThisYou(kiosk, 'Is this you?', true);
    await expect(kiosk.getByTestId('confirmation')).toBeHidden({ timeout: 5_000 });
    await section('Available Classes').click();
    await expect(evening).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => attendedCount(evening)).toBe(before + 1);

    await classDialogFullscreen(kiosk);
    await kiosk.context().close();
  });
});

test.describe('device management', () => {
  test('generates, renames and removes a device code', async ({ page }) => {
    await signIn(page);
    await page.goto('/booking/devices');
    const rows = page.getByTestId('device-row');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    await page.getByRole('button', { name: 'Generate code' }).click();
    await expect(page.getByText('Device code generated')).toBeVisible();
    await expect(rows).toHaveCount(count + 1);
    await shot(page, 'devices-list');

    const name = `Lobby ${test.info().project.name} ${Date.now().toString(36)}`;
    await rows
      .last()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename device' });
    await dialog.getByLabel('Device name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Device code updated')).toBeVisible();
    await expect(rows.filter({ hasText: name })).toHaveCount(1);

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: `Remove ${name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Device code removed')).toBeVisible();
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe('admin screens', () => {
  test('the calendar shows classes in the organisation zone and filters them', async ({ page }) => {
    await signIn(page);
    await page.goto('/calendar');
    const calendar = page.getByTestId('booking-calendar');
    await expect(calendar).toHaveAttribute('data-time-zone', await organizationZone(page));
    await expect(page.locator('.fc-event').filter({ hasText: 'BJJ Fundamentals' }).first()).toBeVisible();
    await shot(page, 'calendar');

    if (isPhone()) await page.getByRole('button', { name: 'Actions' }).click();
    const filters = page.getByRole('group', { name: 'Calendar filters' });
    await filters.getByRole('checkbox', { name: 'Classes' }).click();
    await expect(page.locator('.fc-event').filter({ hasText: 'BJJ Fundamentals' })).toHaveCount(0);
    await filters.getByRole('checkbox', { name: 'View all' }).click();
    await expect(page.locator('.fc-event').filter({ hasText: 'BJJ Fundamentals' }).first()).toBeVisible();
  });

  test('booking setup lists types, groups with their public link, and schedules', async ({ page }) => {
    await signIn(page);
    await page.goto('/booking/setup');
    await expect(page.getByTestId('setup-row').filter({ hasText: 'BJJ Fundamentals' })).toBeVisible();
    await shot(page, 'setup-types');
    await page.getByRole('tab', { name: isPhone() ? 'Groups' : 'Booking groups' }).click();
    await expect(page.getByTestId('public-link').first()).toContainText(`/book/${DEMO_SLUG}`);
    await shot(page, 'setup-groups');
  });

  test('the self check-in theme saves a solid colour', async ({ page }) => {
    await signIn(page);
    await page.goto('/settings/check-in-theme');
    const title = isPhone() ? 'Theme Settings' : 'Self Check-In Theme Color';
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await shot(page, 'theme');
    const peacock = page.getByRole('radio', { name: 'Peacock' });
    await peacock.click();
    await expect(peacock).toHaveCSS('border-top-width', '4px');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Peacock' })).toHaveAttribute('aria-checked', 'true');
    // Back to the default for the other runs.
    await page.getByRole('radio', { name: 'Ocean' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  });
});

test.describe('public booking', () => {
  test('a visitor picks a day, then a class with its description, and books it signed out', async ({
    page,
  }) => {
    await page.goto(`/book/${DEMO_SLUG}`);
    await expect(page.getByRole('heading', { name: 'Free Trial Class' })).toBeVisible();
    await expect(page.getByTestId('public-organization')).toHaveText('Demo Fitness');
    // A day first: one day's classes at a time, not two weeks in one column.
    const days = page.getByRole('group', { name: 'Choose a day' });
    await expect(days.getByTestId('public-day').first()).toHaveAttribute('aria-pressed', 'true');
    expect(await days.getByTestId('public-day').count()).toBeGreaterThan(5);
    await expect(page.getByTestId('public-slot-description').first()).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(isPhone() ? 2600 : 1400);
    await shot(page, 'public');

    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByText('Please choose a time')).toBeVisible();

    // Another day (a different one per viewport: they share the demo data).
    const day = days.getByTestId('public-day').nth(isPhone() ? 3 : 2);
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('public-slot').first().click();
    await expect(page.getByTestId('chosen-slot')).toBeVisible();
    await shot(page, 'public-day-picked');
    const project = test.info().project.name;
    await form.getByLabel('Name').fill(`Riley ${project}`);
    await form.getByLabel('Email').fill(`riley.${project}.${Date.now()}@example.com`);
    await form.getByLabel('Phone').fill('+1 555 010 2030');
    await form.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByRole('heading', { name: 'Booked Successfully' })).toBeVisible();
    await shot(page, 'public-booked');
  });
});

test.describe('instructors', () => {
  test('the coach sees their own classes and takes attendance in them', async ({ page }) => {
    await signIn(page, 'coach@demo.test');
    // Tonight's 18:00 BJJ Fundamentals, taught by the coach, has the demo member booked.
    await page.goto('/calendar?view=listDay');
    if (isPhone()) await page.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('combobox', { name: 'Instructor' })).toHaveValue('My classes');
    if (isPhone()) await page.keyboard.press('Escape');
    const events = page.locator('.fc-list-event');
    await expect(events.filter({ hasText: 'BJJ Fundamentals' }).first()).toBeVisible();
    await expect(events.filter({ hasText: 'Open Mat' })).toHaveCount(0);
    await shot(page, 'coach-calendar');

    await events.filter({ hasText: /^6:00pm/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Class slot' });
    const row = drawer.getByTestId('attendee-row').filter({ hasText: MEMBER });
    await expect(row.getByTestId('attendee-status')).toHaveText('Booked');
    await row.getByRole('button', { name: `Actions for ${MEMBER}` }).click();
    await page.getByRole('menuitem', { name: 'Mark checked in' }).click();
    await expect(page.getByText('Checked In', { exact: true })).toBeVisible();
    await expect(row.getByTestId('attendee-status')).toHaveText('Checked in');
    await shot(page, 'coach-attendance');

    // A checked-in booking offers the undo, not a move; Mark booked takes it back.
    await row.getByRole('button', { name: `Actions for ${MEMBER}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Move to another slot' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Mark booked' }).click();
    await expect(row.getByTestId('attendee-status')).toHaveText('Booked');
  });
});

test.describe('check-in rules', () => {
  async function setWindow(page: Page, on: boolean) {
    await page.goto('/booking/setup?tab=check-in');
    const form = page.getByRole('form', { name: 'Check-in rules' });
    const toggle = form.getByRole('switch', { name: /Check-in window/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Check-in rules saved')).toBeVisible();
  }

  test('the kiosk refuses a check-in outside the window with a clear message', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await setWindow(page, true);
    await shot(page, 'check-in-rules');
    try {
      const timeZone = await organizationZone(page);
      const code = await generateDeviceCode(page);
      // A class days ahead: the kiosk's clock says it is on, the server's says it is not yet.
      const day = dayInZone(timeZone, isPhone() ? 4 : 3);
      const kiosk = await openKiosk(
        browser,
        zonedInstant(day, '12:40', timeZone),
        isPhone() ? 'phone' : 'tablet',
      );
      await pair(kiosk, code);
      const noon = classCard(kiosk, '12:30 PM', 'BJJ Fundamentals');
      await expect(noon).toHaveAttribute('aria-pressed', 'true');
      const before = await attendedCount(noon);
      // On a phone, choosing the class opens Check-in and keeps the chosen class in sight.
      if (isPhone()) {
        await noon.click();
        await expect(kiosk.getByTestId('chosen-class')).toContainText('12:30 PM');
      }
      for (const digit of MEMBER_CODE) await kiosk.getByRole('button', { name: digit, exact: true }).click();
      await kiosk.getByRole('button', { name: 'Submit' }).click();
      await kiosk.getByRole('dialog', { name: 'Is this you?' }).getByRole('button', { name: 'Yes' }).click();
      await expect(kiosk.locator('[data-toast="error"]')).toContainText(
        /Check-in opens \d+ minutes before the class starts/,
      );
      await expect(kiosk.getByTestId('confirmation')).toBeHidden();
      await shot(kiosk, 'kiosk-refused');
      if (isPhone()) await kiosk.getByRole('button', { name: 'Available Classes', exact: true }).click();
      expect(await attendedCount(noon)).toBe(before);
      await kiosk.context().close();
    } finally {
      await setWindow(page, false);
    }
  });
});
