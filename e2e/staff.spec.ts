import { expect, type Page, test } from '@playwright/test';

// Staff in the built app: a staff member clocks in with a (fake) screen share, takes a break and
// clocks out; the admin builds, publishes and reverts a week; a shift moves through the shift
// pool. Headless Chromium shares a fake screen with --use-fake-device-for-media-stream and
// --use-fake-ui-for-media-stream (and auto-selects the entire screen); without the fake device
// getDisplayMedia fails with NotReadableError.

const PASSWORD = 'demo1234';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
    ],
  },
  // The organisation's zone decides every day and time shown, not the browser's.
  timezoneId: 'Asia/Tokyo',
});

/** Signs in through the login page; a sign-in that does not leave it fails the test. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page, `${email} could not sign in`).not.toHaveURL(/\/login(\?|$)/, { timeout: 10_000 });
}

async function apiAs(page: Page, email: string) {
  const res = await page.request.post('/api/jwt/login', { data: { email, password: PASSWORD } });
  const body = await res.json();
  const headers = {
    authorization: `Bearer ${body.accessToken}`,
    organization: body.organization._id,
    assigner: body.userData.curRole.assignerId ?? '',
    isemployee: String(body.userData.isEmployee),
  };
  return {
    contactId: body.userData.curRole.contactId as string,
    timeZone: body.organization.timeZone as string,
    get: async (url: string) => (await page.request.get(`/api${url}`, { headers })).json(),
    post: async (url: string, data: unknown) =>
      (await page.request.post(`/api${url}`, { headers, data })).json(),
    put: async (url: string, data: unknown) =>
      (await page.request.put(`/api${url}`, { headers, data })).json(),
    delete: async (url: string) => (await page.request.delete(`/api${url}`, { headers })).json(),
  };
}

/** Sunday of the week `weeks` from now in a zone, and its Saturday. */
function weekIn(timeZone: string, weeks: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay() + 7 * weeks);
  const start = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 6);
  return { startOfWeek: start, endOfWeek: d.toISOString().slice(0, 10) };
}

type Api = Awaited<ReturnType<typeof apiAs>>;
type Week = ReturnType<typeof weekIn>;

/** The week as a first attempt found it: a retry starts from a draft without this test's shift. */
async function resetWeek(api: Api, week: Week) {
  const query = `startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}&pageSize=200`;
  const schedule = await api.get(`/employee-shifts?${query}`);
  if (schedule.status === 'published') await api.post('/employee-shifts/revert', week);
  for (const row of schedule.rows as { shifts: { _id: string; shiftName: string }[] }[]) {
    for (const shift of row.shifts) {
      if (shift.shiftName === 'Opening') await api.delete(`/employee-shifts/${shift._id}`);
    }
  }
}

async function closeToasts(page: Page) {
  const toasts = page.locator('[data-toast]');
  for (let i = await toasts.count(); i > 0; i--) {
    await toasts.first().locator('.mantine-Notification-closeButton').click();
  }
  await expect(toasts).toHaveCount(0);
}

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `e2e/.artifacts/screens/${test.info().project.name}-staff-${name}.png`,
    fullPage: true,
  });
}

test('a staff member clocks in sharing their screen, takes a break and clocks out', async ({ page }) => {
  // The demo employee, never the admin in their place: the test is of an employee's time clock.
  const email = 'coach@demo.test';
  await signIn(page, email);
  await page.goto('/staff/time-clock');
  // Clock in: for the shift on offer when the demo has one now, else without.
  await page.getByRole('button', { name: /^(Start work|Start work without a shift)$/ }).click();
  await expect(page.getByTestId('clock-card')).toContainText('Working');
  await page.getByRole('button', { name: 'Share my screen' }).click();
  await expect(page.getByTestId('capture-status')).toHaveText('Sharing');
  await expect(page.getByTestId('capture-card')).toContainText('Last screenshot at');
  await shot(page, 'time-clock');

  await page.getByRole('button', { name: 'Take a break' }).click();
  await page.getByLabel('Note (optional)').fill('Lunch');
  await page.getByRole('button', { name: 'Start break' }).click();
  await expect(page.getByTestId('clock-card')).toContainText('On a break');
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByTestId('clock-card')).toContainText('Working');
  await page.getByRole('button', { name: 'End work' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End work' }).click();
  await expect(page.getByTestId('clock-card')).toContainText('You are clocked out');

  // The session kept its break and a screenshot (with a thumbnail the server keeps).
  const api = await apiAs(page, email);
  const list = await api.get(`/contact/workhistory/list?contactId=${api.contactId}`);
  const entry = list.list[0];
  expect(entry.endTime).not.toBeNull();
  expect(entry.breakTimes).toEqual([expect.objectContaining({ kind: 'break', description: 'Lunch' })]);
  expect(entry.screenshot_sm).toMatch(/size=small$/);
});

test('the admin builds a week, publishes it and reverts it', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.test');
  const api = await apiAs(page, 'admin@demo.test');
  // A week ahead, so each project (desktop, phone) has a week of its own.
  const week = weekIn(api.timeZone, test.info().project.name === 'phone' ? 3 : 2);
  await resetWeek(api, week);
  await page.goto('/staff/schedule');
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Draft');

  const employees = (await api.get('/staff/employees')).list as { contactId: string; fullName: string }[];
  const coach = employees.find((e) => e.fullName.includes('Coach')) ?? employees[0]!;
  // The grid lists the schedule's roster: put the coach on it from the grid.
  if (!(await page.getByTestId('grid-row').filter({ hasText: coach.fullName }).count())) {
    await page.getByRole('button', { name: 'Add employees' }).click();
    const add = page.getByRole('dialog', { name: 'Add employees to the schedule' });
    await add.getByLabel('Employees').click();
    await page.getByRole('option', { name: coach.fullName }).click();
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByTestId('grid-row').filter({ hasText: coach.fullName })).toBeVisible();
  }
  const monday = new Date(`${week.startOfWeek}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() + 1);
  const cell = page.getByTestId(`cell-${coach.contactId}-${monday.toISOString().slice(0, 10)}`);
  await cell.scrollIntoViewIfNeeded();
  await cell.click({ position: { x: 60, y: 50 } });
  const dialog = page.getByRole('dialog', { name: 'New shift' });
  await dialog.getByLabel('Shift name').fill('Opening');
  await dialog.getByLabel('From').fill('07:00');
  await dialog.getByLabel('To').fill('15:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(cell.getByTestId('grid-shift')).toContainText('Opening');
  await expect(cell.getByTestId('grid-shift')).toContainText('07:00 AM – 03:00 PM');
  await expect(cell.getByTestId('grid-shift')).toContainText('Draft');

  // Dragged to Tuesday: same wall-clock times, one day on. The drag runs on the desktop grid; on a
  // phone's narrow, scrolled grid a mouse drag is not what a person does (they tap the shift).
  let placed = cell;
  if (test.info().project.name !== 'phone') {
    const tuesday = new Date(monday);
    tuesday.setUTCDate(tuesday.getUTCDate() + 1);
    const moved = page.getByTestId(`cell-${coach.contactId}-${tuesday.toISOString().slice(0, 10)}`);
    await moved.scrollIntoViewIfNeeded();
    const from = (await cell.getByTestId('grid-shift').boundingBox())!;
    const to = (await moved.boundingBox())!;
    await page.mouse.move(from.x + 12, from.y + 12);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 14, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    // Let go only once the grid has the cell under the shift: it measures the cells when a drag
    // starts, and on a busy machine a quick drag could reach the cell before that (a drop on
    // nothing: the shift stayed on Monday in one CI run).
    await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2, { steps: 2 });
    await expect(moved).toHaveAttribute('data-over', 'true');
    await page.mouse.up();
    await expect(moved.getByTestId('grid-shift')).toContainText('07:00 AM – 03:00 PM');
    await expect(cell.getByTestId('grid-shift')).toHaveCount(0);
    placed = moved;
  }

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Published');
  await expect(placed.getByTestId('grid-shift')).not.toContainText('Draft');
  await shot(page, 'schedule');
  const mine = await (await apiAs(page, 'coach@demo.test')).get(
    `/employee-shifts/mine?startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}`,
  );
  expect(mine.shifts.map((s: { shiftName: string }) => s.shiftName)).toContain('Opening');
  // Chris Coach, on his own device, sees the published shift in My schedule.
  const coachContext = await browser.newContext();
  try {
    const coachPage = await coachContext.newPage();
    await signIn(coachPage, 'coach@demo.test');
    await coachPage.goto('/staff/my-schedule');
    const weeksAhead = test.info().project.name === 'phone' ? 3 : 2;
    for (let i = 0; i < weeksAhead; i++) await coachPage.getByRole('button', { name: 'Next week' }).click();
    await expect(coachPage.getByTestId('my-shift').filter({ hasText: 'Opening' })).toContainText(
      test.info().project.name === 'phone' ? 'Mon' : 'Tue',
    );
    await shot(coachPage, 'my-schedule');
  } finally {
    await coachContext.close();
  }

  // The publish toast sits over the week's buttons (and stays while hovered): close it first.
  await closeToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Revert' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByTestId('week-status')).toHaveText('Draft');
  const after = await (await apiAs(page, 'coach@demo.test')).get(
    `/employee-shifts/mine?startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}`,
  );
  expect(after.shifts).toEqual([]);
});

test('a shift moves through the shift pool', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const admin = await apiAs(page, 'admin@demo.test');
  const coach = await apiAs(page, 'coach@demo.test');
  const owner = await apiAs(page, 'owner@demo.test');
  const week = weekIn(admin.timeZone, test.info().project.name === 'phone' ? 5 : 4);
  const name = `Pool shift (${test.info().project.name})`;
  const start = new Date(`${week.startOfWeek}T15:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 3);
  const made = await admin.post('/employee-shifts', {
    contactId: coach.contactId,
    shiftName: name,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
  });
  await admin.post('/employee-shifts/publish', week);
  const offer = await coach.post('/employee-shifts/pool', { shiftId: made.data._id, note: 'Dentist' });
  expect(offer.message).toBe('Shift offered');
  const bid = await owner.post(`/employee-shifts/pool/${offer.data._id}/bid`, {});
  expect(bid.message).toBe('Bid placed');

  await page.goto('/staff/requests');
  await page.getByRole('tab', { name: /Shift pool/ }).click();
  const card = page.getByTestId('pool-card').filter({ hasText: name });
  await card.getByRole('button', { name: 'Accept trade' }).click();
  await expect(page.getByText('Trade accepted')).toBeVisible();
  await page.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(page.getByTestId('pool-card').filter({ hasText: name })).toContainText(
    'Moved to Olivia Owner',
  );
  await shot(page, 'requests');
  const ownerWeek = await owner.get(
    `/employee-shifts/mine?startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}`,
  );
  expect(ownerWeek.shifts.map((s: { shiftName: string }) => s.shiftName)).toEqual([name]);
  const coachWeek = await coach.get(
    `/employee-shifts/mine?startOfWeek=${week.startOfWeek}&endOfWeek=${week.endOfWeek}`,
  );
  expect(coachWeek.shifts).toEqual([]);
});

test('the admin corrects an entry on the timesheet, on the organisation clock, with a reason', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  const admin = await apiAs(page, 'admin@demo.test');
  const coach = await apiAs(page, 'coach@demo.test');
  await admin.put(`/staff/employees/${coach.contactId}`, {});
  // Last Sunday (no demo shift then), an hour of the morning, entered by hand; each project its own.
  const day = weekIn(admin.timeZone, -1).startOfWeek;
  const [from, to, fixed] =
    test.info().project.name === 'phone' ? ['09:00', '10:00', '10:30'] : ['06:00', '07:00', '07:30'];
  const made = await admin.post('/contact/workhistory/create-manual-workHistory', {
    contactId: coach.contactId,
    startDate: day,
    startTime: from,
    endDate: day,
    endTime: to,
    reason: 'Paper timesheet',
  });
  expect(made.data.manual).toBe(true);

  await page.goto('/staff/timesheets');
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByTestId('timesheet-row').filter({ hasText: 'Chris Coach' }).click();
  const entry = page
    .getByTestId('work-entry')
    .filter({ hasText: 'Manual' })
    .filter({ hasText: from.replace(/^0/, '') });
  await entry.getByRole('button', { name: 'Entry actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit time' });
  await dialog.getByLabel('End', { exact: true }).fill(fixed);
  await dialog.getByLabel('Reason').fill('Stayed to close up');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Time history updated.')).toBeVisible();
  await entry.getByRole('button', { name: 'Entry actions' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(entry).toContainText('Stayed to close up');
  await shot(page, 'timesheet');

  // The browser is in Tokyo; the time typed is the organisation's (New York) clock.
  const list = await admin.get(
    `/contact/workhistory/list?contactId=${coach.contactId}&startDate=${day}&endDate=${day}`,
  );
  const saved = list.list.find((e: { historyId: string }) => e.historyId === made.data.historyId);
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: admin.timeZone,
    hour: '2-digit',
    minute: '2-digit',
  });
  expect(local.format(new Date(saved.endTime))).toBe(fixed);
  const edits = await admin.get(`/contact/workhistory/edits?historyId=${made.data.historyId}`);
  expect(edits.list.map((e: { reason: string }) => e.reason)).toEqual(
    expect.arrayContaining(['Paper timesheet', 'Stayed to close up']),
  );
});

test('the tablet time clock finds a demo employee by the short punch id printed at start-up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/time-clock');
  await page.getByLabel('Device code').fill('DEMO-KIOSK');
  await page.getByRole('button', { name: 'Pair' }).click();
  // Dana's punch id is stored as 0000002001; the tablet sends what was typed.
  await page.getByLabel('Your punch id').fill('2001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('clock-status')).toContainText('Dana Diaz');
  await expect(page.getByRole('button', { name: 'Clock in' })).toBeVisible();
  await page.screenshot({
    path: `e2e/.artifacts/screens/${test.info().project.name}-staff-tablet-clock.png`,
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test("the employee's home shows their clock, clocks in and takes a meal break there", async ({ page }) => {
  const email = 'coach@demo.test';
  await signIn(page, email);
  await page.goto('/');
  const card = page.getByTestId('home-clock');
  await expect(card.getByTestId('clock-card')).toContainText('You are clocked out');
  await expect(card.getByTestId('next-shift')).toHaveText(
    /^(Next shift: \w{3}, \w{3} \d{1,2} · \d{1,2}:\d\d [AP]M - \d{1,2}:\d\d [AP]M · .+|No shift scheduled)$/,
  );
  await shot(page, 'home-clock-out');
  const forShift = card.getByRole('button', { name: /^Clock in for .+ shift$/ });
  await ((await forShift.count()) > 0
    ? forShift
    : card.getByRole('button', { name: 'Start work', exact: true })
  ).click();
  await expect(card.getByTestId('clock-card')).toContainText(/Working since \d{1,2}:\d\d [AP]M/);
  await card.getByRole('button', { name: 'Take a break' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take a break' });
  await dialog.getByText('Meal', { exact: true }).click();
  await dialog.getByLabel('Note (optional)').fill('Sandwich');
  await dialog.getByRole('button', { name: 'Start meal' }).click();
  await expect(card.getByTestId('clock-card')).toContainText('On a meal break');
  await shot(page, 'home-meal');
  await card.getByRole('button', { name: 'End break' }).click();
  await expect(card.getByTestId('clock-card')).toContainText('Working since');
  await card.getByRole('button', { name: 'End work' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End work' }).click();
  await expect(card.getByTestId('clock-card')).toContainText('You are clocked out');

  const api = await apiAs(page, email);
  const list = await api.get(`/contact/workhistory/list?contactId=${api.contactId}`);
  expect(list.list[0].breakTimes).toEqual([
    expect.objectContaining({ kind: 'meal', description: 'Sandwich' }),
  ]);
});

/** The right edge of `inner` must lie within the box that clips it and within the window. */
async function expectInside(inner: ReturnType<Page['getByTestId']>, clipper: string) {
  const edges = await inner.evaluate((el, selector) => {
    const clip = (el.closest(selector) as HTMLElement).getBoundingClientRect();
    return {
      right: el.getBoundingClientRect().right,
      clip: clip.right,
      width: document.documentElement.clientWidth,
    };
  }, clipper);
  expect(edges.right).toBeLessThanOrEqual(edges.clip + 0.5);
  expect(edges.right).toBeLessThanOrEqual(edges.width);
}

/**
 * A desktop browser with a classic scrollbar (17 px, as on Windows) has that much less room than
 * headless Chromium, whose scrollbars take none: the table at its narrowest must still fit.
 */
async function expectRoomForScrollbar(table: ReturnType<Page['getByTestId']>, clipper: string) {
  const widths = await table.evaluate((el, selector) => {
    const box = el as HTMLElement;
    const before = box.style.width;
    box.style.width = 'min-content';
    const narrowest = box.getBoundingClientRect().width;
    box.style.width = before;
    return { narrowest, room: (el.closest(selector) as HTMLElement).getBoundingClientRect().width };
  }, clipper);
  expect(widths.narrowest).toBeLessThanOrEqual(widths.room - 17);
}

test('the time sheet and the schedule grid fit a 1280 px desktop, last column included', async ({ page }) => {
  test.skip(test.info().project.name === 'phone', 'a phone scrolls the week sideways');
  await signIn(page, 'admin@demo.test');
  // A longer name with an "In" badge (someone working now) is what widened the sheet past the
  // window: the coach gets one for the test.
  const admin = await apiAs(page, 'admin@demo.test');
  const coach = await apiAs(page, 'coach@demo.test');
  const rename = (fullName: string) => admin.put(`/contact/update/${coach.contactId}`, { fullName });
  await rename('Christopher Coach-Montgomery');
  const started = await coach.post('/contact/workhistory/startwork', {});
  try {
    await page.goto('/staff/timesheets');
    await expect(page.getByTestId('timesheet-row').filter({ hasText: 'Coach-Montgomery' })).toContainText(
      'In',
    );
    await expectInside(page.getByTestId('timesheet-total'), '.mantine-ScrollArea-viewport');
    await expectRoomForScrollbar(page.getByTestId('timesheet'), '.mantine-ScrollArea-viewport');
    await shot(page, 'timesheet-1280');
  } finally {
    if (started.data) await coach.post('/contact/workhistory/endwork', { historyId: started.data.historyId });
    await rename('Chris Coach');
  }
  await page.goto('/staff/schedule');
  await expect(page.getByTestId('grid-row').first()).toBeVisible();
  await expectInside(page.getByTestId('grid-head').last(), '[data-testid="schedule-scroller"]');
  await shot(page, 'schedule-1280');
});

test('with a PIN required, the tablet asks for it after the punch id', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const admin = await apiAs(page, 'admin@demo.test');
  const employees = (await admin.get('/staff/employees')).list as { contactId: string; fullName: string }[];
  const dana = employees.find((e) => e.fullName === 'Dana Diaz')!;
  await admin.put('/staff/settings', { requirePunchPin: true });
  try {
    const saved = await admin.put(`/staff/employees/${dana.contactId}/pin`, { pin: '4821' });
    expect(saved.data).toEqual({ pinSet: true });
    await page.goto('/staff/settings');
    await expect(page.getByLabel('Require a PIN with the punch id')).toBeChecked();
    await shot(page, 'settings-pin');

    await page.goto('/time-clock');
    await page.getByLabel('Device code').fill('DEMO-KIOSK');
    await page.getByRole('button', { name: 'Pair' }).click();
    await page.getByLabel('Your punch id').fill('2001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Your PIN').fill('1111');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The punch id or PIN is not right')).toBeVisible();
    await page.getByLabel('Your PIN').fill('4821');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('clock-status')).toContainText('Dana Diaz');
    await shot(page, 'tablet-pin');
    await page.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await admin.put('/staff/settings', { requirePunchPin: false });
    await admin.put(`/staff/employees/${dana.contactId}/pin`, { pin: null });
  }
});
