import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './portal-helpers';

// Billing in the built app, on desktop (1280x800) and phone (390x844): add a card, add a contract
// and see its first invoice charged; a card that declines makes the member past due, and paying
// with a good card brings them back. Screenshots of the contract form, the invoice view and the
// billing overview. And the member's side: a declined card leaves the demo member past due, and
// they pay the invoice themselves in the member portal (/access-control) with their good card.

const PASSWORD = 'demo1234';
const isPhone = () => test.info().project.name === 'phone';
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function shot(page: Page, name: string) {
  // Modals fade in: wait for their transitions so the picture shows what a person sees.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: `e2e/.artifacts/screens/${test.info().project.name}-${name}.png` });
}

/** Records every text added to the page: a toast lasts 1 s and could fall between two polls. */
async function recordTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.textContent) seen.push(n.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function expectTextSeen(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (t) => (window as unknown as { seenTexts: string[] }).seenTexts.some((s) => s.includes(t)),
        text,
      ),
    )
    .toBe(true);
}

async function addContact(page: Page, fullName: string): Promise<string> {
  const auth = await page.evaluate(() => ({
    token: localStorage.getItem('accessToken'),
    org: JSON.parse(localStorage.getItem('organization') ?? '{}')._id as string,
  }));
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}@billing.test`;
  const res = await page.request.post('/api/contact/add', {
    headers: {
      authorization: `Bearer ${auth.token}`,
      organization: auth.org,
      'content-type': 'application/json',
    },
    data: JSON.stringify({ fullName, email }),
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data._id;
}

async function openView(page: Page, label: string) {
  if (isPhone()) {
    await page.getByRole('combobox', { name: 'Contact view' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  } else {
    await page.getByRole('tab', { name: label, exact: true }).click();
  }
}

async function addCard(page: Page, number: string, makeDefault = false) {
  await openView(page, 'Payment cards');
  await page
    .getByRole('tabpanel', { name: 'Payment cards' })
    .getByRole('button', { name: 'Add card' })
    .click();
  const form = page.getByRole('form', { name: 'Add card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry').fill('12/34');
  await form.getByLabel('Security code').fill('123');
  if (makeDefault) await form.getByLabel('Make this the default card').check();
  await form.getByRole('button', { name: 'Add card' }).click();
  await expect(form).toBeHidden();
}

async function addContract(page: Page, title: string, screenshot = false) {
  await openView(page, 'Contracts');
  await page.getByRole('button', { name: 'Add contract' }).click();
  const form = page.getByRole('form', { name: 'New contract' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Amount').fill('129');
  await form.getByLabel('Sign-up fee').fill('25');
  await expect(form.getByRole('region', { name: 'Next invoices' })).toContainText('$154.00');
  if (screenshot) await shot(page, 'billing-contract-form');
  await form.getByRole('button', { name: 'Add contract' }).click();
  await expectTextSeen(page, 'Contract added');
  await expect(form).toBeHidden();
}

async function openFirstInvoice(page: Page) {
  await openView(page, 'Invoices');
  const panel = page.getByRole('tabpanel', { name: 'Invoices' });
  await panel
    .getByRole('button', { name: /^INV-\d{6}$/ })
    .first()
    .click();
  return page.getByRole('dialog', { name: /^Invoice INV-/ });
}

test.describe('billing', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await recordTexts(page);
  });

  test('add a card, add a contract and see its first invoice charged', async ({ page }) => {
    const name = unique('Paying Member');
    const id = await addContact(page, name);
    await page.goto(`/contacts/${id}`);
    await recordTexts(page);
    await addCard(page, '4242 4242 4242 4242');
    await addContract(page, 'Gold Monthly', true);
    await expect(page.getByText(/Next bill /)).toBeVisible();
    const view = await openFirstInvoice(page);
    await expect(view.getByText('Attempt 1: $154.00')).toBeVisible();
    await expect(view.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(view.getByText(/Visa •••• 4242 · automatic/)).toBeVisible();
    await shot(page, 'billing-invoice-paid');
  });

  test('a declined card goes past due and recovers when paid with a good card', async ({ page }) => {
    const name = unique('Declined Member');
    const id = await addContact(page, name);
    await page.goto(`/contacts/${id}`);
    await recordTexts(page);
    await addCard(page, '4000 0000 0000 0341');
    await addContract(page, 'Silver Monthly');
    await expect(page.locator('[data-payment-status="past_due"]').first()).toBeVisible();
    await addCard(page, '4242 4242 4242 4242', true);
    const view = await openFirstInvoice(page);
    await expect(view.getByText('The last charge failed')).toBeVisible();
    await expect(view.getByText(/Visa •••• 0341 · automatic/)).toBeVisible();
    await shot(page, 'billing-invoice-declined');
    await view.getByRole('button', { name: 'Retry now' }).click();
    await expectTextSeen(page, 'Charged $154.00 to Visa •••• 4242');
    await expect(view.getByText('Attempt 2: $154.00')).toBeVisible();
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('[data-payment-status="past_due"]')).toHaveCount(0);
    await expect(page.locator('[data-status="paid"]').first()).toBeVisible();
  });

  test('the billing overview shows what was collected and who is past due', async ({ page }) => {
    const id = await addContact(page, unique('Overview Late'));
    await page.goto(`/contacts/${id}`);
    await recordTexts(page);
    await addCard(page, '4000 0000 0000 0341');
    await addContract(page, 'Bronze Monthly');
    await page.goto('/billing');
    await expect(page.getByLabel('Finance statistics')).toBeVisible();
    const pastDue = page.getByLabel('Past due');
    await expect(pastDue.getByRole('link', { name: /Overview Late/ }).first()).toBeVisible();
    await shot(page, 'billing-overview');
    await page.getByRole('tab', { name: 'E-mails' }).click();
    await expect(page.getByText(/Payment failed for INV-/).first()).toBeVisible();
  });

  test('a member past due after a declined charge pays in the member portal', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin@demo.test');
    const member = await apiAs(request, 'member@demo.test');
    const me = (await member.get<{ member: { _id: string } }>('/api/portal/me')).member._id;
    // The demo member's card on file declines from now on; the contract bills today at once.
    const declining = await admin.send<{ data: { _id: string } }>('POST', `/api/payment/cards/${me}`, {
      number: '4000000000000341',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
      makeDefault: true,
    });
    const title = unique('Evening Pass');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    await admin.send('POST', `/api/contact-contract/${me}`, {
      title,
      amountCents: 4500,
      billingInterval: 'monthly',
      startDate: today,
    });
    const billingOf = async () =>
      (await admin.get<{ billing: { paymentStatus: string } }>(`/api/contact-contract/${me}`)).billing;
    expect((await billingOf()).paymentStatus).toBe('past_due');

    try {
      await page.context().clearCookies();
      await page.goto('/login');
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login');
      await page.getByLabel('Email').fill('member@demo.test');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/access-control$/);
      await page.getByRole('tab', { name: 'Billing', exact: true }).click();
      const row = page.getByTestId('portal-invoice').filter({ hasText: title });
      await expect(row).toContainText('$45.00');
      await row.getByRole('button', { name: 'Pay' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay invoice' });
      await expect(dialog.getByRole('radio', { name: /•••• 0341 \(default\)/ })).toBeChecked();
      await dialog
        .getByRole('radio', { name: /•••• 4242/ })
        .first()
        .check();
      await shot(page, 'billing-portal-pay');
      await dialog.getByRole('button', { name: 'Pay $45.00' }).click();
      await expect(page.getByText(/^Charged \$45\.00 to Visa •••• 4242/)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Paid');
      await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'billing-portal-paid');
      expect((await billingOf()).paymentStatus).toBe('none');
    } finally {
      // The demo member's good card is their default again for the portal's own spec.
      await admin.send('DELETE', `/api/payment/cards/${me}/${declining.data._id}`);
    }
  });
});
