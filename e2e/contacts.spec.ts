import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

// The contacts module in the built app: create, search, tag, import, merge, files, notes, payment
// cards; with a screenshot of each main screen on desktop (1280x800) and phone (390x844).

const PASSWORD = 'demo1234';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Records every text added to the page from now on. A toast lasts 1 s, which can fall between
 * two polls of toBeVisible() once Playwright's polling step has grown to 1 s; a recorded text
 * cannot be missed that way.
 */
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

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-${name}.png`, fullPage: false });
}

/** A 24-bit BMP with a colour gradient (over 250 KB at 400x300, so the browser compresses it). */
function gradientBmp(width: number, height: number): Buffer {
  const row = Math.ceil((24 * width) / 32) * 4;
  const out = Buffer.alloc(54 + row * height);
  out.write('BM', 0);
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * row + x * 3;
      out[at] = (x * 255) / width;
      out[at + 1] = (y * 255) / height;
      out[at + 2] = 128;
    }
  }
  return out;
}

const isPhone = () => test.info().project.name === 'phone';
/** Names unique per project and run: both projects share one server. */
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;

/** Calls the API as the signed-in user (to set up data or check what was saved). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  const auth = await page.evaluate(() => ({
    token: localStorage.getItem('accessToken'),
    org: JSON.parse(localStorage.getItem('organization') ?? '{}')._id as string,
  }));
  return page.request.fetch(`/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${auth.token}`,
      organization: auth.org,
      'content-type': 'application/json',
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Phones keep the filters and tools in the toolbar's Actions drawer; the search stays in view. */
async function openTools(page: Page) {
  if (isPhone()) await page.getByRole('button', { name: 'Actions', exact: true }).click();
}

async function searchFor(page: Page, text: string) {
  const search = page.getByLabel('Search contacts', { exact: true });
  await expect(search).toBeVisible();
  await search.fill(text);
}

async function openView(page: Page, label: string) {
  if (isPhone()) {
    await page.getByRole('combobox', { name: 'Contact view' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  } else {
    await page.getByRole('tab', { name: label, exact: true }).click();
  }
}

async function createContact(page: Page, first: string, last: string, email: string) {
  await page.getByRole('button', { name: 'Add contact' }).first().click();
  const form = page.getByRole('form', { name: 'New contact' });
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').pressSequentially('15551234567');
  await form.getByRole('button', { name: 'Create contact' }).click();
  await expect(page.getByText('Contact created')).toBeVisible();
}

test.describe('contacts', () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test('create a contact, search it and tag it', async ({ page }) => {
    const tag = unique('Tag');
    await page.goto('/contacts/settings');
    await expect(page.getByRole('heading', { name: 'Contact settings' })).toBeVisible();
    await page.getByLabel('Add tag name').fill(tag);
    await page.getByRole('button', { name: 'Add tag', exact: true }).click();
    await expect(page.getByText('Tag added')).toBeVisible();
    await shot(page, 'contacts-settings');

    const last = unique('Lovelace').replace(/ /g, '');
    await page.goto('/contacts');
    await createContact(page, 'Ada', last, `${last.toLowerCase()}@example.com`);
    await searchFor(page, last);
    const row = page.locator('[data-contact-id]').filter({ hasText: `Ada ${last}` });
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await expect(page.locator('[data-contact-id]')).toHaveCount(1);
    await expect(row).toContainText('+1 (555) 123-4567');
    await shot(page, 'contacts-searched');

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add tags & lead source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tags and lead source' });
    await dialog.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: tag }).click();
    // The multi-select keeps its list open for more picks; tapping the title closes it.
    await dialog.getByRole('heading', { name: 'Add tags and lead source' }).click();
    await expect(page.getByRole('option', { name: tag })).toBeHidden();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Tags and lead source added')).toBeVisible();
    await expect(row).toContainText(tag.toUpperCase(), { ignoreCase: true });
  });

  test('screens: list, contact page and settings', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.locator('[data-contact-id]').first()).toBeVisible();
    await expect(page.getByTestId('contact-counts')).toBeVisible();
    await shot(page, 'contacts-list');
    await page.locator('[data-contact-id]').first().click();
    await expect(page.getByRole('heading', { name: 'Family members' })).toBeVisible();
    await shot(page, 'contact-page');
    await page.goto('/contacts/settings?section=ranks');
    await expect(page.getByRole('button', { name: 'Add category' })).toBeVisible();
    await shot(page, 'contacts-settings-ranks');
  });

  test('add a note on the contact page', async ({ page }) => {
    const last = unique('Hopper').replace(/ /g, '');
    await page.goto('/contacts');
    await createContact(page, 'Grace', last, `${last.toLowerCase()}@example.com`);
    await searchFor(page, last);
    await page.locator('[data-contact-id]').filter({ hasText: last }).click();
    await expect(page.getByRole('heading', { name: `Grace ${last}` })).toBeVisible();
    // A family member, chosen with the contact picker (search by name, debounced 2 seconds).
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Family member' }).click();
    await page.getByLabel('Search contacts by name').fill('Morgan');
    await page.getByRole('option', { name: /Morgan Member/ }).click({ timeout: 10_000 });
    await page.getByLabel('Relation').fill('Parent');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText('Family member added')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Morgan Member' })).toBeVisible();

    await openView(page, 'Notes');
    await page.getByLabel('New note').fill('Called about the summer camp <b>not bold</b>');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added')).toBeVisible();
    await expect(page.getByText('Called about the summer camp <b>not bold</b>')).toBeVisible();
    await openView(page, 'Activity');
    await expect(page.getByRole('tabpanel', { name: 'Activity' })).toBeVisible();
    await shot(page, 'contact-notes');
  });

  test('export the filtered contacts as CSV', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.locator('[data-contact-id]').first()).toBeVisible();
    await openTools(page);
    const download = page.waitForEvent('download');
    if (isPhone()) await page.getByRole('button', { name: 'Export' }).click();
    else {
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    }
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain('Alex Admin');
  });

  test('merge two duplicates', async ({ page }) => {
    const email = `${unique('twin').replace(/ /g, '-').toLowerCase()}@example.com`;
    for (const name of ['Twin One', 'Twin Two']) {
      // The second is added anyway, as the form's "Add anyway" does after its duplicate warning.
      const body = { fullName: name, email, allowDuplicateEmail: true };
      expect((await api(page, 'POST', '/contact/add', body)).ok()).toBe(true);
    }
    await page.goto('/contacts');
    await openTools(page);
    if (isPhone()) await page.getByRole('button', { name: 'Merge duplicates' }).click();
    else {
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Merge duplicates' }).click();
    }
    const group = page.getByRole('group', { name: `Same email: ${email}` });
    await group.getByLabel('Keep Twin One').check();
    await recordTexts(page);
    await group.getByRole('button', { name: 'Merge into the kept contact' }).click();
    await expect(group.getByRole('alertdialog')).toContainText('This cannot be undone');
    await group.getByRole('button', { name: 'Confirm merge' }).click();
    await expectTextSeen(page, 'Contacts merged successfully');
    const left = await (await api(page, 'GET', `/contact/get?search=${encodeURIComponent(email)}`)).json();
    expect(left.list.map((c: { fullName: string }) => c.fullName)).toEqual(['Twin One']);
  });

  test('import a CSV, see the progress bar reach success and page through the rejected rows', async ({
    page,
  }) => {
    const stamp = unique('imp').replace(/ /g, '-').toLowerCase();
    // A phone of this run only: both projects may share one server, and phones de-duplicate.
    const phone = `1555${String(Date.now()).slice(-7)}`;
    // Three rows to look at, then 120 more bad e-mails so the refused rows take two pages of 100.
    const csv = [
      'Full Name,Email,Phone,Tags',
      `"Import, First",first-${stamp}@example.com,${phone},Imported`,
      `Import Second,second-${stamp}@example.com,,`,
      'No Email At All,not-an-email,,',
      ...Array.from({ length: 120 }, (_, i) => `Bad Row ${i + 1},bad-${i + 1}@,,`),
    ].join('\n');
    await page.goto('/contacts');
    await openTools(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(dialog.getByText('123 contacts found in the file.')).toBeVisible();
    await expect(dialog.getByTestId('import-progress')).toHaveAttribute('data-import-status', 'idle');
    await dialog.getByRole('button', { name: 'Import 123 contacts' }).click();
    await expect(dialog.getByTestId('import-progress')).toHaveAttribute('data-import-status', 'success', {
      timeout: 20_000,
    });
    await expect(dialog.getByText('Success')).toBeVisible();
    await expect(dialog.getByText('Imported:')).toHaveText('Imported: 2');
    await expect(dialog.getByText('Duplicates:')).toHaveText('Duplicates: 0');
    await expect(dialog.getByText('Rejected:')).toHaveText('Rejected: 121');
    // The rejected row: its number among the data rows (the third) and why.
    const refused = dialog.getByRole('table', { name: 'Rows not imported' });
    const row = refused.getByRole('row').filter({ hasText: 'not-an-email' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').first()).toHaveText('3');
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText('Please enter a valid email address');
    await expect(refused.getByRole('row')).toHaveCount(101);
    await shot(page, 'contacts-import');
    // The last 23 refused rows are on page 2, read from the server.
    await dialog.getByRole('button', { name: 'Page 2' }).click();
    const last = refused.getByRole('row').filter({ hasText: 'bad-120@' });
    await expect(last).toHaveCount(1);
    await expect(last.getByRole('cell').first()).toHaveText('123');
    await expect(refused.getByRole('row')).toHaveCount(22);
    await expect(dialog.getByText('Rows 101–121 of 121')).toBeVisible();
    await shot(page, 'contacts-import-page-2');
  });

  test('add a sandbox payment card on the demo member and see it listed', async ({ page }) => {
    const found = await (await api(page, 'GET', '/contact/search-name?q=Morgan%20Member')).json();
    const member = found.list.find((c: { fullName: string }) => c.fullName === 'Morgan Member');
    expect(member).toBeTruthy();
    await page.goto(`/contacts/${member._id}`);
    await expect(page.getByRole('heading', { name: 'Morgan Member' })).toBeVisible();
    await openView(page, 'Payment cards');
    const panel = page.getByRole('tabpanel', { name: 'Payment cards' });
    await panel.getByRole('button', { name: 'Add card' }).click();
    const form = page.getByRole('form', { name: 'Add card' });
    await expect(form.getByTestId('sandbox-test-cards')).toContainText('4242 4242 4242 4242');
    const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

    // The sandbox declines 4000 0000 0000 0002: the reason shows and nothing is listed.
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry').fill(`12${year}`);
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: 'Add card' }).click();
    await expect(form.getByText('Your card was declined.')).toBeVisible();

    const holder = unique('Card holder');
    await form.getByLabel('Card number').fill('4242424242424242');
    await form.getByLabel('Name on card').fill(holder);
    await shot(page, 'contact-add-card');
    await form.getByRole('button', { name: 'Add card' }).click();
    await expect(page.getByText('Card added: Visa •••• 4242')).toBeVisible();
    await expect(form).toBeHidden();
    const card = panel.getByRole('listitem').filter({ hasText: holder });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Visa •••• 4242');
    await expect(card).toContainText(`Expires 12/${year}`);
    const listed = await (await api(page, 'GET', `/payment/cards/${member._id}`)).json();
    expect(listed.list.filter((c: { holderName: string }) => c.holderName === holder)).toHaveLength(1);

    // A second card made the default: the badge moves to it.
    const second = unique('Second holder');
    await panel.getByRole('button', { name: 'Add card' }).click();
    await form.getByLabel('Card number').fill('5555 5555 5555 4444');
    await form.getByLabel('Expiry').fill(`01${year}`);
    await form.getByLabel('Name on card').fill(second);
    await form.getByRole('button', { name: 'Add card' }).click();
    const master = panel.getByRole('listitem').filter({ hasText: second });
    await expect(master).toContainText('Mastercard •••• 4444');
    await master.getByRole('button', { name: 'Make Mastercard •••• 4444 the default card' }).click();
    await expect(page.getByText('Mastercard •••• 4444 is now the default card')).toBeVisible();
    await expect(master.getByText('Default', { exact: true })).toBeVisible();
    await expect(panel.getByText('Default', { exact: true })).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Make Visa •••• 4242 the default card' })).toBeVisible();
    await shot(page, 'contact-payment-cards');
  });

  test('upload files to a contact; a large image is compressed in the browser', async ({ page }) => {
    const last = unique('Files').replace(/ /g, '');
    const created = await (await api(page, 'POST', '/contact/add', { fullName: `Fiona ${last}` })).json();
    await page.goto(`/contacts/${created.data._id}?view=files`);
    await page.locator('input[type=file]').setInputFiles([
      { name: 'waiver.txt', mimeType: 'text/plain', buffer: Buffer.from('signed') },
      { name: 'photo.bmp', mimeType: 'image/bmp', buffer: gradientBmp(400, 300) },
    ]);
    await expect(page.getByText('Contact file added successfully').first()).toBeVisible();
    const files = page.getByRole('table', { name: 'Contact files' });
    await expect(files.getByText('waiver.txt')).toBeVisible();
    // 360 KB of BMP arrive as a small JPEG.
    await expect(files.getByText('photo.jpg')).toBeVisible();
    const list = await (await api(page, 'GET', `/contact-file/${created.data._id}`)).json();
    const photo = list.list.find((f: { fileName: string }) => f.fileName === 'photo.jpg');
    expect(photo.kind).toBe('image');
    expect(photo.size).toBeLessThan(0.08 * 1024 * 1024);
    await shot(page, 'contact-files');
  });
});
