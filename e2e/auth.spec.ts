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

/** Keys sign-out clears: the user, the tokens, the organisation and the rest. */
const SIGN_OUT_KEYS = [
  'accessToken',
  'refreshToken',
  'userData',
  'organization',
  'shopId',
  'onboarding',
  'zipCode',
  'terminal',
  'posUser',
  'location',
];

/**
 * Account menu -> Sign out. The server's answer is held until "Signing out..." has been seen, so
 * the loading toast is checked rather than raced; then the success toast, /login, cleared storage,
 * and a refresh token the server no longer honours.
 */
async function signOut(page: Page) {
  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(refreshToken).toBeTruthy();
  // Display preferences stay; everything tied to the session goes.
  await page.evaluate(() => {
    localStorage.setItem('posUser', 'p-1');
    localStorage.setItem('skin', 'light');
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/signout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Signing out...')).toBeVisible();
  release();
  await expect(page.getByText('Successfully signed out')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.unroute('**/api/auth/signout');
  const stored = await page.evaluate(
    (keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
    [...SIGN_OUT_KEYS, 'skin'],
  );
  expect(stored).toEqual({ ...Object.fromEntries(SIGN_OUT_KEYS.map((k) => [k, null])), skin: 'light' });
  const reuse = await page.request.post('/api/jwt/refresh-token', { data: { refreshToken } });
  expect(reuse.status()).toBe(401);
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

    await signOut(page);
  });

  test('a member lands on access control and signs out', async ({ page }) => {
    await signIn(page, 'member@demo.test');
    await expect(page).toHaveURL(/\/access-control$/);
    await expect(page.getByText(/Morgan/).first()).toBeVisible();
    await shot(page, 'access-control');
    await signOut(page);
  });

  test('the owner lands on the home page with every admin module', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('organization-name')).toHaveText('Demo Fitness');
    await expect(page.getByRole('link', { name: 'Contacts' }).first()).toBeVisible();
    await shot(page, 'home-owner');
  });

  test('a coach lands on the home page their role allows', async ({ page }) => {
    await signIn(page, 'coach@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Chris/).first()).toBeVisible();
    await expect(page.getByTestId('role-label')).toBeVisible();
    await shot(page, 'home-coach');
  });

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
