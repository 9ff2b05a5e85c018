import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './portal-helpers';

// Gift cards in the built app, as the demo admin: issue a card from the demo's template, open it,
// deactivate and activate it, then check its balance on the public balance page and the
// recipient's page, on a desktop and a phone. Screenshots land in e2e/.artifacts/screens/: look
// at them.

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-gift-cards-${name}.png`, fullPage: true });
}

/** A template design: a warm gradient with a ribbon, as a PNG. */
const design = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="605">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#e63946"/></linearGradient></defs>
      <rect width="960" height="605" fill="url(#g)"/>
      <rect x="620" width="70" height="605" fill="#ffd166" opacity="0.85"/>
      <rect y="330" width="960" height="70" fill="#ffd166" opacity="0.85"/>
    </svg>`),
  )
    .png()
    .toBuffer();

const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('gift cards', () => {
  test('issues a card, switches it off and on, and the public check shows its balance', async ({ page }) => {
    // The narrowest phone the app promises to fit.
    if (test.info().project.name === 'phone') await page.setViewportSize({ width: 375, height: 812 });
    const recipient = `Pat ${test.info().project.name} ${Date.now().toString(36)}`;
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/gift-cards');
    await expect(page.getByRole('heading', { name: 'Gift cards' })).toBeVisible();
    await expect(page.getByText('Morgan Member').first()).toBeVisible();
    await shot(page, 'list');
    expect(await fitsTheScreen(page)).toBe(true);

    await page.getByRole('button', { name: 'Issue gift card' }).first().click();
    const form = page.getByRole('dialog', { name: 'Issue gift card' });
    await expect(form.getByLabel('Template', { exact: true })).toHaveValue('Classic');
    await form.getByRole('textbox', { name: 'Recipient name' }).fill(recipient);
    await form.getByRole('textbox', { name: 'Recipient e-mail' }).fill('pat@example.test');
    await shot(page, 'issue');
    await form.getByRole('button', { name: 'Issue' }).click();
    await expect(page.getByText('Gift card issued')).toBeVisible();

    // The new card opens: its code, balance and ledger.
    const code = page.getByTestId('gift-card-code');
    await expect(code).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const cardCode = (await code.textContent())!;
    await expect(page.getByTestId('gift-card-balance')).toHaveText('$25.00');
    await expect(page.getByText('Ledger')).toBeVisible();
    await shot(page, 'detail');
    expect(await fitsTheScreen(page)).toBe(true);

    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(page.getByText('Gift card deactivated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByText('Gift card activated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible();
    const publicPath = await page.getByRole('link', { name: "Recipient's page" }).getAttribute('href');

    // A redemption at the front desk, by hand, with its reason in the ledger.
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust balance' });
    await adjust.getByRole('textbox', { name: 'Amount ($)' }).fill('5');
    await adjust.getByRole('textbox', { name: 'Reason' }).fill('Smoothie bar');
    await shot(page, 'adjust');
    await adjust.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Gift card balance updated')).toBeVisible();
    await expect(page.getByTestId('gift-card-balance')).toHaveText('$20.00');
    await expect(page.getByText('Smoothie bar').first()).toBeVisible();

    await page.goto('/gift-cards/templates');
    await expect(page.getByRole('heading', { name: 'Gift card templates' })).toBeVisible();
    await expect(page.getByText('Classic')).toBeVisible();
    await shot(page, 'templates');
    expect(await fitsTheScreen(page)).toBe(true);
    await page.getByRole('button', { name: 'Edit Classic' }).click();
    const templateForm = page.getByRole('dialog', { name: 'Edit template' });
    await expect(templateForm.getByRole('textbox', { name: 'Amounts ($)' })).toHaveValue('25, 50, 100');
    await templateForm.locator('input[type="file"]').setInputFiles({
      name: 'design.png',
      mimeType: 'image/png',
      buffer: await design(),
    });
    await shot(page, 'template-form');
    await templateForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gift card design saved')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Classic design' })).toBeVisible();
    await shot(page, 'templates-with-design');

    // The public balance check, typed in lower case without dashes as a customer might.
    await page.goto('/gift-card-balance');
    await page
      .getByRole('textbox', { name: 'Gift card code' })
      .fill(cardCode.replaceAll('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByTestId('balance-result').getByTestId('gift-card-balance')).toHaveText('$20.00');
    await shot(page, 'balance-check');
    expect(await fitsTheScreen(page)).toBe(true);

    await page.goto(publicPath!);
    await expect(page.getByRole('heading', { name: `A gift for ${recipient}` })).toBeVisible();
    await expect(page.getByTestId('gift-card-balance')).toHaveText('$20.00');
    await shot(page, 'recipient-page');
    expect(await fitsTheScreen(page)).toBe(true);
  });
});
