import { expect, type Page, test } from '@playwright/test';
import { signIn } from './portal-helpers';

// Gift cards in the built app, as the demo admin: open the page from the sidebar, add a gift card,
// rename it and delete it, on a desktop and a phone (each project its own name, so the two runs
// never meet). Screenshots land in e2e/.artifacts/screens/: look at them.

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-gift-cards-${name}.png` });
}

test.describe('gift cards', () => {
  test('adds, renames and deletes a gift card', async ({ page }) => {
    const name = `Gift card ${test.info().project.name} ${Date.now().toString(36)}`;
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/gift-cards');
    await expect(page.getByRole('heading', { name: 'Gift cards' })).toBeVisible();

    await page.getByRole('button', { name: 'Add gift card' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add gift card' });
    await form.getByLabel('Name').fill(name);
    await shot(page, 'form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gift card created')).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await shot(page, 'list');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit gift card' });
    await edit.getByLabel('Name').fill(`${name} renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gift card updated')).toBeVisible();
    await expect(page.getByRole('cell', { name: `${name} renamed`, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${name} renamed` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Gift card deleted')).toBeVisible();
    await expect(page.getByRole('cell', { name: `${name} renamed`, exact: true })).toHaveCount(0);
    // Nothing is wider than the screen, on a phone or a desktop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
