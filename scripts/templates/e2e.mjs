// The template of a new module's browser spec: e2e/<name>.spec.ts.

/** @typedef {ReturnType<typeof import('./names.mjs').namesOf> & { resource: string }} Names */

/** @param {Names} n */
export function specFile(n) {
  const r = n.record;
  return `import { expect, type Page, test } from '@playwright/test';
import { signIn } from './portal-helpers';

// ${n.label} in the built app, as the demo admin: open the page from the sidebar, add a ${r.lower},
// rename it and delete it, on a desktop and a phone (each project its own name, so the two runs
// never meet). Screenshots land in e2e/.artifacts/screens/: look at them.

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: \`e2e/.artifacts/screens/\${project}-${n.kebab}-\${name}.png\` });
}

test.describe('${n.lower}', () => {
  test('adds, renames and deletes a ${r.lower}', async ({ page }) => {
    const name = \`${r.label} \${test.info().project.name} \${Date.now().toString(36)}\`;
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\\/$/);
    await page.goto('/${n.kebab}');
    await expect(page.getByRole('heading', { name: '${n.label}' })).toBeVisible();

    await page.getByRole('button', { name: 'Add ${r.lower}' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add ${r.lower}' });
    await form.getByLabel('Name').fill(name);
    await shot(page, 'form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('${r.label} created')).toBeVisible();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await shot(page, 'list');

    await page.getByRole('button', { name: \`Edit \${name}\` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit ${r.lower}' });
    await edit.getByLabel('Name').fill(\`\${name} renamed\`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('${r.label} updated')).toBeVisible();
    await expect(page.getByRole('cell', { name: \`\${name} renamed\`, exact: true })).toBeVisible();

    await page.getByRole('button', { name: \`Delete \${name} renamed\` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('${r.label} deleted')).toBeVisible();
    await expect(page.getByRole('cell', { name: \`\${name} renamed\`, exact: true })).toHaveCount(0);
    // Nothing is wider than the screen, on a phone or a desktop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
`;
}
