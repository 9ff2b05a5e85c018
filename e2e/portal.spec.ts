import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { dayInZone, wake, zonedInstant } from './kiosk-helpers.ts';
import { apiAs, framePixels, outbox, shot, signIn, y4mOf } from './portal-helpers.ts';

// The member portal (/access-control) as the demo member uses it, on a desktop and on a phone:
// booking a class, joining a full class's waitlist and being booked when a classmate cancels,
// cancelling, paying an open invoice with a saved card, and the check-in card that the kiosk's
// camera reads. Each run makes its own classes (a class type named after the run) and invoice,
// so the desktop and phone runs on one server do not meet.

const isPhone = () => test.info().project.name === 'phone';
const stamp = () => `${test.info().project.name} ${Date.now().toString(36)}`;

/** Goes to a place of the portal: the bottom bar on a phone, the tabs on a desktop. */
async function goTo(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/**
 * Runs `work` on a kiosk tablet (its own browser, 1280x800) whose camera films `png`, drawn
 * `width` pixels wide in the middle of the picture.
 */
async function kioskFilming(page: Page, png: Buffer, width: number, work: (tablet: Page) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'opsuite-portal-camera-'));
  const video = path.join(dir, 'card.y4m');
  writeFileSync(video, y4mOf(await framePixels(page, png, width)));
  const { executablePath, args = [] } = test.info().project.use.launchOptions ?? {};
  const camera = await chromium.launch({
    executablePath,
    args: [
      ...args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await camera.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    await work(await context.newPage());
    await context.close();
    return true;
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('member portal', () => {
  test('books, joins a waitlist, is booked when a classmate cancels, and cancels', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await apiAs(request, 'admin@demo.test');
    const jamie = await apiAs(request, 'jamie@demo.test');
    const { timeZone } = await admin.get<{ timeZone: string }>('/api/organization/current');
    const title = `Spin ${stamp()}`;
    const type = await admin.send<{ data: { _id: string } }>('POST', '/api/booking-type', {
      title,
      programName: 'Cycling',
      description: 'Intervals on the bike with loud music. Bring water.',
      color: 'Tangerine',
    });
    const day = dayInZone(timeZone, 2);
    const slot = (startTime: string, endTime: string, capacity: number) =>
      admin.send<{ data: { _id: string } }>('POST', '/api/booking-slot', {
        bookingTypeId: type.data._id,
        date: day,
        startTime,
        endTime,
        capacity,
      });
    await slot('07:00', '07:45', 8);
    const full = (await slot('19:00', '19:45', 1)).data._id;
    await jamie.send('POST', `/api/portal/classes/${full}/book`);

    await signIn(page, 'member@demo.test');
    await expect(page).toHaveURL(/\/access-control$/);
    await expect(page.getByRole('heading', { name: 'Hello, Morgan Member' })).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(day) }).click();
    const morning = page
      .getByTestId('portal-class')
      .filter({ hasText: title })
      .filter({ hasText: '7:00 AM' });
    const evening = page
      .getByTestId('portal-class')
      .filter({ hasText: title })
      .filter({ hasText: '7:00 PM' });
    await expect(morning).toContainText('Intervals on the bike');
    await expect(evening).toContainText('Full');
    await morning.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByText('Booked Successfully')).toBeVisible();
    await expect(morning).toContainText("You're booked");
    await evening.getByRole('button', { name: 'Join waitlist' }).click();
    await expect(page.getByText('You are on the waitlist')).toBeVisible();
    await expect(evening.getByTestId('waitlist-place')).toHaveText('1st of 1 on the waitlist');
    await shot(page, 'classes');

    // Jamie cancels: the seat is the member's at once, and an e-mail says so.
    const jamies = await jamie.get<{ upcoming: { _id: string; slotId: string }[] }>('/api/portal/bookings');
    const seat = jamies.upcoming.find((b) => b.slotId === full)!;
    await jamie.send('DELETE', `/api/portal/bookings/${seat._id}`);
    await goTo(page, 'My bookings');
    const promoted = page
      .getByTestId('portal-booking')
      .filter({ hasText: title })
      .filter({ hasText: '7:00 PM' });
    await expect(promoted).toContainText('From the waitlist');
    await expect(page.getByTestId('portal-waitlist').filter({ hasText: title })).toHaveCount(0);
    await shot(page, 'bookings');
    if (outbox()) {
      await expect
        .poll(() => outbox()?.some((m) => m.to === 'member@demo.test' && m.subject.includes(title)), {
          timeout: 15_000,
        })
        .toBe(true);
    }

    // Cancel the morning class from the bookings list.
    const mine = page.getByTestId('portal-booking').filter({ hasText: title }).filter({ hasText: '7:00 AM' });
    await mine.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText(title);
    await shot(page, 'cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Booking cancelled')).toBeVisible();
    await expect(mine).toHaveCount(0);
    // History holds classes that are over; a cancelled class still to come is not one of them.
    await page.getByText('History', { exact: true }).click();
    await expect(page.getByTestId('portal-booking').filter({ hasText: title })).toHaveCount(0);
    await shot(page, 'history');
  });

  test('adds a card and pays an open invoice with it', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin@demo.test');
    const member = await apiAs(request, 'member@demo.test');
    const me = await member.get<{ member: { _id: string } }>('/api/portal/me');
    const description = `Drop-in ${stamp()}`;
    await admin.send('POST', `/api/contact-invoice/${me.member._id}`, {
      description,
      amountCents: 2500,
      dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });

    await signIn(page, 'member@demo.test');
    await expect(page).toHaveURL(/\/access-control$/);
    await goTo(page, 'Billing');
    const row = page.getByTestId('portal-invoice').filter({ hasText: description });
    await expect(row).toContainText('$25.00');
    await page.getByRole('button', { name: 'Add card' }).click();
    const form = page.getByRole('form', { name: 'Add a card' });
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry').fill(`12/${String(new Date().getFullYear() + 3).slice(-2)}`);
    await form.getByLabel('Security code').fill('123');
    await form.getByLabel('Name on card').fill('Morgan Member');
    // The default changes only when the member asks for it.
    await expect(form.getByLabel('Pay with this card by default')).not.toBeChecked();
    await form.getByLabel('Pay with this card by default').check();
    await shot(page, 'add-card');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Card added')).toBeVisible();

    await row.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay invoice' });
    await expect(dialog.getByRole('radio', { name: /4242 \(default\)/ }).first()).toBeChecked();
    await shot(page, 'pay');
    await dialog.getByRole('button', { name: 'Pay $25.00' }).click();
    await expect(page.getByText(/^Charged \$25\.00 to /)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Paid');
    await shot(page, 'billing');
  });

  test('the check-in card shows the code, and the kiosk camera reads it and checks the member in', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'member@demo.test');
    await expect(page).toHaveURL(/\/access-control$/);
    await page.getByRole('button', { name: 'My card' }).click();
    const barcode = page.getByTestId('member-barcode');
    await expect(barcode).toBeVisible();
    await expect(barcode).toHaveAttribute('alt', 'Barcode 0000001234');
    await expect(page.getByTestId('member-qr')).toBeVisible();
    await shot(page, 'card');
    await page.getByRole('button', { name: 'Show full screen' }).click();
    const full = page.getByRole('dialog', { name: 'Check-in card' });
    await expect(full.getByTestId('fullscreen-barcode')).toBeVisible();
    await shot(page, 'card-full-screen');
    await full.getByRole('button', { name: 'Close' }).click();

    test.skip(isPhone(), 'The kiosk runs on a tablet; one camera run is enough.');
    // Pictures of the portal's barcode and QR code become the kiosk camera's video, in turn.
    const admin = await apiAs(request, 'admin@demo.test');
    const { timeZone } = await admin.get<{ timeZone: string }>('/api/organization/current');
    const pictures = [
      { name: 'barcode', png: await barcode.screenshot(), width: 260 },
      { name: 'qr', png: await page.getByTestId('member-qr').screenshot(), width: 200 },
    ];
    for (const [i, picture] of pictures.entries()) {
      const kiosk = await kioskFilming(page, picture.png, picture.width, async (tablet) => {
        const made = await admin.send<{ data: { code: string } }>('POST', '/api/device-management', {
          name: `Portal camera kiosk ${picture.name}`,
        });
        // Tomorrow at 10:20 in the organisation's zone: the 10:00 open mat is under way.
        await tablet
          .context()
          .clock.install({ time: zonedInstant(dayInZone(timeZone, 1), '10:20', timeZone) });
        await tablet.goto('/kiosk');
        await tablet.getByLabel('Device code').fill(made.data.code);
        await tablet.getByRole('button', { name: 'Pair' }).click();
        await expect(tablet.getByTestId('screensaver')).toBeVisible();
        await wake(tablet);
        await tablet.getByRole('tab', { name: 'Barcode Scanner' }).click();
        const dialog = tablet.getByRole('dialog', { name: 'Is this you?' });
        const asked = await dialog.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
        if (!asked) await tablet.getByRole('button', { name: 'Enable Camera' }).click();
        await expect(dialog, `the kiosk reads the ${picture.name}`).toContainText('Morgan Member', {
          timeout: 30_000,
        });
        if (i === 0) {
          await dialog.getByRole('button', { name: 'Yes' }).click();
          await expect(tablet.getByTestId('confirmation')).toContainText('CHECKED IN: Morgan');
        } else {
          // Read again (the check-in itself was the barcode's); the member says no this time.
          await dialog.getByRole('button', { name: 'No' }).click();
          await expect(dialog).toBeHidden();
        }
      });
      expect(kiosk).toBe(true);
    }
  });
});
