import { expect, type Page, test } from '@playwright/test';

const PASSWORD = 'demo1234';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-${name}.png`, fullPage: true });
}

test.describe('sign-in by role', () => {
  test('an admin lands on the home page and signs out', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Demo Fitness').first()).toBeVisible();
    await expect(page.getByText(/Alex/).first()).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('accessToken'),
      refresh: localStorage.getItem('refreshToken'),
      org: localStorage.getItem('organization'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(JSON.parse(stored.org!).name).toBe('Demo Fitness');
    await shot(page, 'home');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByText('Successfully signed out')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const cleared = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
      localStorage.getItem('userData'),
      localStorage.getItem('organization'),
    ]);
    expect(cleared).toEqual([null, null, null, null]);
  });

  test('a member lands on access control', async ({ page }) => {
    await signIn(page, 'member@demo.test');
    await expect(page).toHaveURL(/\/access-control$/);
    await expect(page.getByText(/Morgan/).first()).toBeVisible();
    await shot(page, 'access-control');
  });

  for (const email of ['coach@demo.test', 'owner@demo.test']) {
    test(`${email} is sent back to sign-in`, async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByText('Your account has no access to the web app yet.')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    });
  }

  test('a wrong password shows the server message', async ({ page }) => {
    await signIn(page, 'admin@demo.test', 'not-the-password');
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, 'login-error');
  });

  test('a signed-out visitor is sent to sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});
