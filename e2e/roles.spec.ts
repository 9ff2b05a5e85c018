import { expect, type Page, test } from '@playwright/test';

// Every role at home (issue 17): the owner lands on the admin home with every admin module, the
// coach on the staff home with their class today, and the admin switches organisations, which
// changes the contacts list and the theme colour.

const PASSWORD = 'demo1234';
const isPhone = () => test.info().project.name === 'phone';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-roles-${name}.png`, fullPage: true });
}

const primaryColor = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement)
      .getPropertyValue('--mantine-primary-color-6')
      .trim()
      .toLowerCase(),
  );

async function openMenuOnPhone(page: Page) {
  if (isPhone()) await page.getByRole('button', { name: 'Open menu' }).click();
}

test.describe('every role at home', () => {
  test('the owner lands on / with every admin module', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('role-label')).toHaveText('Primary Account');
    await expect(page.getByText('Your modules')).toBeVisible();
    for (const name of ['Contacts', 'Calendar', 'Booking setup']) {
      await expect(page.getByRole('link', { name }).last()).toBeVisible();
    }
    await shot(page, 'owner');
    await page.getByRole('link', { name: 'Booking setup' }).last().click();
    await expect(page).toHaveURL(/\/booking\/setup$/);
    await expect(page.getByText('No access')).toHaveCount(0);
  });

  test('the coach lands on the staff home and sees their class', async ({ page }) => {
    await signIn(page, 'coach@demo.test');
    await expect(page).toHaveURL(/\/$/);
    const home = page.getByTestId('staff-home');
    await expect(home).toBeVisible();
    await expect(home.getByTestId('role-label')).toHaveText('Employee');
    await expect(home.getByRole('heading', { name: 'Your classes today' })).toBeVisible();
    const classes = home.getByTestId('my-class');
    await expect(classes.first()).toContainText('BJJ Fundamentals');
    expect(await classes.count()).toBe(3);
    await expect(classes.first().getByRole('link', { name: 'Take attendance' })).toHaveAttribute(
      'href',
      /\/calendar\?date=\d{4}-\d{2}-\d{2}&view=timeGridDay$/,
    );
    await expect(home.getByRole('link', { name: 'Time clock' })).toBeVisible();
    await expect(home.getByRole('link', { name: 'Contacts' })).toBeVisible();
    await shot(page, 'coach');
  });

  test('the admin switches organisations: the contacts list and the theme colour change', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/$/);
    expect(await primaryColor(page)).toBe('#7367f0');
    await page.goto('/contacts');
    await expect(page.getByText('Morgan Member').first()).toBeVisible();
    await expect(page.getByText('Priya Shah')).toHaveCount(0);

    await openMenuOnPhone(page);
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await page.getByRole('option', { name: 'Demo Yoga Studio' }).click();
    await expect(page.getByText('Switched to Demo Yoga Studio')).toBeVisible();
    await expect(page.getByTestId('organization-name')).toHaveText('Demo Yoga Studio');
    await expect.poll(() => primaryColor(page)).toBe('#0ca678');
    await shot(page, 'yoga-home');

    await page.goto('/contacts');
    await expect(page.getByText('Priya Shah').first()).toBeVisible();
    // Stored in E.164 with the studio's country (GB), shown with the display rule.
    await expect(page.getByText('+447700900456').first()).toBeVisible();
    await expect(page.getByText('Morgan Member')).toHaveCount(0);
    await shot(page, 'yoga-contacts');

    await openMenuOnPhone(page);
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await page.getByRole('option', { name: 'Demo Fitness' }).click();
    await expect(page.getByTestId('organization-name')).toHaveText('Demo Fitness');
    await expect.poll(() => primaryColor(page)).toBe('#7367f0');
  });
});
