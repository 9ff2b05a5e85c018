import { expect, type Locator, type Page, test } from '@playwright/test';

// Payroll in the built app: the admin sets a new employee's wage, the employee's hours are
// recorded (staff's manual entry), the admin refreshes and runs the previous period's payroll,
// checks the history total, opens the pay stub PDF and meets the report's date check. On the way
// the Tips tab gets locations, a tip pool (created, edited in place; a spare one deleted), the
// work day's tips and the tip share, so the pay line carries the employee's card tips. It runs the
// desktop project only, in the admin's second organisation (Demo Yoga Studio): a run pays the
// previous week for good and closes its work history, which must not touch Demo Fitness's
// timesheets that other specs correct, nor a second project's run. The phone test looks at
// Demo Fitness's payroll page read-only.

const PASSWORD = 'demo1234';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test.use({
  launchOptions: { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] },
  timezoneId: 'Asia/Tokyo',
});

async function apiAs(page: Page, email: string, organizationName?: string) {
  const res = await page.request.post('/api/jwt/login', { data: { email, password: PASSWORD } });
  const body = await res.json();
  const organizations = body.userData.organizations as { organizationId: string; name: string }[];
  const headers = {
    authorization: `Bearer ${body.accessToken}`,
    organization: organizationName
      ? organizations.find((o) => o.name === organizationName)!.organizationId
      : body.organization._id,
    assigner: body.userData.curRole.assignerId ?? '',
    isemployee: String(body.userData.isEmployee),
  };
  return {
    contactId: body.userData.curRole.contactId as string,
    get: async (url: string) => (await page.request.get(`/api${url}`, { headers })).json(),
    post: async (url: string, data: unknown) =>
      (await page.request.post(`/api${url}`, { headers, data })).json(),
    put: async (url: string, data: unknown) =>
      (await page.request.put(`/api${url}`, { headers, data })).json(),
    file: async (url: string) => (await page.request.get(url, { headers })).body(),
  };
}

const dayBefore = (day: string, n = 1) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
const dayAfter = (day: string) => dayBefore(day, -1);

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `e2e/.artifacts/screens/${test.info().project.name}-payroll-${name}.png`,
    fullPage: true,
  });
}

/** A Mantine select: open it by its label, then pick the option. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The Tips tab: two locations, a pool for the desk (created, then renamed in place), a spare pool
 * created and deleted, the day's tips typed in, the tip share of the period and the POS sync.
 */
async function recordTips(
  page: Page,
  { workDay, previous }: { workDay: string; previous: { periodStart: string; periodEnd: string } },
) {
  await page.getByRole('tab', { name: 'Tips' }).click();
  await page.getByText('Locations and roles', { exact: true }).click();
  for (const name of ['Yoga front desk', 'Yoga patio']) {
    await page.getByLabel('Location name').fill(name);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('tip-location').filter({ hasText: name })).toBeVisible();
  }
  await expect(
    page.getByTestId('tip-role').filter({ hasText: 'Yoga desk' }).getByRole('switch'),
  ).toBeChecked();

  await page.getByText('Tip pools', { exact: true }).click();
  for (const [name, location] of [
    ['Desk pool', 'Yoga front desk'],
    ['Spare pool', 'Yoga patio'],
  ] as const) {
    await page.getByRole('button', { name: 'New tip pool' }).click();
    const form = page.getByTestId('tip-pool-form');
    await form.getByLabel('Pool name').fill(name);
    await choose(page, form, 'Locations', location);
    await page.keyboard.press('Escape');
    await choose(page, form, 'Roles', 'Yoga desk');
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Create pool' }).click();
    await expect(page.getByText('Tip Pool Created Successfully').first()).toBeVisible();
    await expect(page.getByTestId('tip-pool').first()).toHaveAttribute('aria-label', name);
  }
  await page.getByRole('button', { name: 'Edit Desk pool' }).click();
  await page.getByTestId('tip-pool-form').getByLabel('Pool name').fill('Front desk pool');
  await page.getByRole('button', { name: 'Save pool' }).click();
  await expect(page.getByText('Tip Pool Updated Successfully')).toBeVisible();
  await expect(page.getByTestId('tip-pool-form')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Front desk pool' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Spare pool' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Spare pool?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Tip Pool Deleted Successfully')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Spare pool' })).toHaveCount(0);
  await shot(page, 'tip-pools');

  await page.getByText('Daily tips', { exact: true }).click();
  const entry = page.getByRole('form', { name: 'Record daily tips' });
  await choose(page, entry, 'Location', 'Yoga front desk');
  await entry.getByLabel('Day').fill(workDay);
  await entry.getByLabel('Card tips').fill('30');
  await entry.getByLabel('Cash tips').fill('10');
  await entry.getByRole('button', { name: 'Save tips' }).click();
  await expect(page.getByText('Daily tips saved')).toBeVisible();

  await page.getByText('Tip share', { exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill(previous.periodStart);
  await page.getByLabel('To', { exact: true }).fill(previous.periodEnd);
  const share = page.getByTestId('tip-share-line').filter({ hasText: 'Pat Payroll' });
  await expect(share).toContainText('$30.00');
  await expect(share).toContainText('$10.00');
  await expect(share).toContainText('$40.00');
  await page.getByRole('button', { name: 'Sync tip share with POS' }).click();
  await expect(page.getByText('Synced tip share with POS')).toBeVisible();
  await shot(page, 'tip-share');
}

test('the payroll page on a phone: pending pay and salaries', async ({ page }) => {
  test.skip(test.info().project.name !== 'phone', 'The desktop project runs the whole flow below.');
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/payroll');
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await shot(page, 'pending');
  await page.getByRole('tab', { name: 'Salaries' }).click();
  await expect(page.getByText('Chris Coach').first()).toBeVisible();
  await shot(page, 'salaries');
  await page.getByRole('tab', { name: 'Tips' }).click();
  await expect(page.getByRole('button', { name: 'Sync tip share with POS' })).toBeVisible();
  await shot(page, 'tips');
});

test('set a wage, record hours, run payroll and open the pay stub', async ({ page }) => {
  test.skip(test.info().project.name === 'phone', 'A run closes the period: one project runs it.');
  const admin = await apiAs(page, 'admin@demo.test', 'Demo Yoga Studio');
  await admin.put('/payroll/settings', { payCycle: 'weekly', anchorDay: '2024-01-02' });
  // A new employee, so that their line is exactly what this test records.
  const types = (await admin.get('/contact-type/get')) as
    | { _id: string; type: string }[]
    | { list: { _id: string; type: string }[] };
  const employeeType = (Array.isArray(types) ? types : types.list).find((t) => t.type === 'employee')!;
  const added = await admin.post('/contact/add', {
    fullName: 'Pat Payroll',
    contactTypeId: employeeType._id,
  });
  const person = { contactId: added.data._id as string };
  const current = await admin.get('/payroll/pending');
  const previous = await admin.get(`/payroll/pending?periodStart=${dayBefore(current.periodStart)}`);
  const workDay = dayAfter(previous.periodStart);

  // Sign in and set the new employee's wage on the Salaries tab.
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('combobox', { name: 'Organisation' }).click();
  await page.getByRole('option', { name: 'Demo Yoga Studio' }).click();
  await expect(page.getByText('Switched to Demo Yoga Studio')).toBeVisible();
  await page.goto('/payroll');
  await page.getByRole('tab', { name: 'Salaries' }).click();
  await page.getByRole('button', { name: 'Set the salary of' }).click();
  await page.getByRole('option', { name: /Pat Payroll/ }).click();
  const form = page.getByRole('dialog', { name: 'Salary of Pat Payroll' });
  await form.getByLabel('Rate per hour').fill('25');
  await form.getByLabel('Effective from').fill('2024-01-01');
  await shot(page, 'salary-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Salary saved')).toBeVisible();
  await expect(page.getByRole('row', { name: /Pat Payroll/ })).toContainText('$25.00 / hour');

  // Eight hours with a half-hour break, entered as staff's manual work history.
  const made = await admin.post('/contact/workhistory/create-manual-workHistory', {
    contactId: person.contactId,
    startDate: workDay,
    startTime: '09:00',
    endDate: workDay,
    endTime: '17:30',
    breakTimes: [{ startDate: workDay, startTime: '12:00', endDate: workDay, endTime: '12:30' }],
    reason: 'Forgot to clock in',
  });
  expect(made.success).toBe(true);

  // Tips: Pat works the desk (a new position, so nobody else shares), the desk takes $30 on card
  // and $10 in cash that day, and the desk's pool gives all of it to Pat.
  const position = await admin.post('/contact-position', { name: 'Yoga desk' });
  const profile = await admin.put(`/staff/employees/${person.contactId}`, {
    positionIds: [position.data._id],
  });
  expect(profile.success).toBe(true);
  await recordTips(page, { workDay, previous });

  // The previous period: refresh, then run.
  await page.getByRole('tab', { name: 'Pending' }).click();
  await page.getByText('Previous period').click();
  const line = page.getByTestId('pay-line').filter({ hasText: 'Pat Payroll' });
  await expect(line).toContainText('$200.00');
  await expect(line).toContainText('Work history');
  await expect(line).toContainText('$30.00');
  await expect(line).toContainText('$230.00');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Refreshed pending list')).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await shot(page, 'pending');
  await page.getByRole('button', { name: 'Run payroll' }).click();
  await page
    .getByRole('dialog', { name: 'Run payroll?' })
    .getByRole('button', { name: 'Run payroll' })
    .click();
  await expect(page.getByText('Payroll run', { exact: true })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  // History: the run with its total, its slips and the pay stub.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-total')).toBeVisible();
  await page.getByRole('button', { name: `Open run ${previous.periodStart}` }).click();
  const run = page.getByRole('dialog', { name: 'Payroll run' });
  await expect(run.getByTestId('pay-line').filter({ hasText: 'Pat Payroll' })).toContainText('$230.00');
  await shot(page, 'run');
  const stub = page.waitForResponse((r) => r.url().includes('/stub/'));
  await run.getByRole('button', { name: 'Pay stub of Pat Payroll' }).click();
  const answer = await stub;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  // The page reads the blob itself; fetch the same stub again to look at the bytes.
  expect((await admin.file(answer.url())).subarray(0, 5).toString()).toBe('%PDF-');
  await page.keyboard.press('Escape');

  // Reports need all four dates.
  await page.getByRole('tab', { name: 'Report' }).click();
  await page.getByLabel('Periods from').fill(previous.periodStart);
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page.getByText('Start and End date required!')).toBeVisible();
  await page.getByLabel('Periods to').fill(previous.periodEnd);
  await page.getByLabel('Run from').fill('2024-01-01');
  await page.getByLabel('Run to').fill('2099-12-31');
  await page.getByRole('button', { name: 'Show report' }).click();
  // The demo's staff worked that week too: the report's total is the run's.
  const paid = (await admin.get('/payroll/history')).list.find(
    (r: { periodStart: string }) => r.periodStart === previous.periodStart,
  );
  const dollars = (paid.totals.netCents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
  });
  await expect(page.getByTestId('report-total')).toContainText(dollars);
  await shot(page, 'report');
});
