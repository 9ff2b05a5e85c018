import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import bwipjs from 'bwip-js';
import {
  attendedCount,
  classCard,
  dayInZone,
  organizationZone,
  wake,
  zonedInstant,
} from './kiosk-helpers.ts';

// The kiosk's Barcode Scanner tab reading a member card from a camera: Chromium plays a video of
// the demo member's CODE 128 card as its camera (a y4m file made here from a bwip-js drawing), and
// html5-qrcode in the kiosk reads it, asks "Is this you?" and checks the member in.

const MEMBER_CODE = '0000001234';
const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

/** Draws the card on a white 640x480 frame in `page` and answers its RGBA pixels. */
async function cardPixels(page: Page): Promise<Buffer> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: MEMBER_CODE,
    scale: 2,
    height: 14,
    paddingwidth: 8,
  });
  await page.setContent('<canvas></canvas>');
  const base64 = await page.evaluate(
    async ({ url, width, height }) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.querySelector('canvas') as HTMLCanvasElement;
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(img, (width - img.width) / 2, (height - img.height) / 2);
      const data = ctx.getImageData(0, 0, width, height).data;
      let text = '';
      for (let i = 0; i < data.length; i += 0x8000)
        text += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { url: `data:image/png;base64,${png.toString('base64')}`, width: WIDTH, height: HEIGHT },
  );
  return Buffer.from(base64, 'base64');
}

/** A y4m video (4:2:0) of a still frame: what Chromium's fake camera plays in a loop. */
function y4m(rgba: Buffer): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < luma.length; i++) {
    const [r = 0, g = 0, b = 0] = [rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]];
    luma[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128); // grey: the card is black on white
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

test.describe('kiosk camera', () => {
  let dir: string;
  let camera: Browser;

  test.beforeAll(async ({ browser }) => {
    dir = mkdtempSync(path.join(tmpdir(), 'opsuite-camera-'));
    const page = await browser.newPage();
    const video = path.join(dir, 'card.y4m');
    writeFileSync(video, y4m(await cardPixels(page)));
    await page.close();
    const { executablePath, args = [] } = test.info().project.use.launchOptions ?? {};
    camera = await chromium.launch({
      executablePath,
      args: [
        ...args,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  });

  test.afterAll(async () => {
    await camera?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the Barcode Scanner tab reads a member card from the camera and checks them in', async ({ page }) => {
    test.skip(test.info().project.name === 'phone', 'The kiosk runs on a tablet; one camera run is enough.');
    test.setTimeout(90_000);
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    const timeZone = await organizationZone(page);
    const auth = await page.evaluate(() => ({
      authorization: `Bearer ${localStorage.getItem('accessToken')}`,
      organization: JSON.parse(localStorage.getItem('organization') ?? '{}')._id as string,
    }));
    const made = await page.request.post('/api/device-management', {
      headers: auth,
      data: { name: 'Camera kiosk' },
    });
    expect(made.ok()).toBe(true);
    const { code } = (await made.json()).data as { code: string };

    // Tomorrow at 15:15 in the organisation's zone: the 15:00 open mat is under way.
    const day = dayInZone(timeZone, 1);
    const context = await camera.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    await context.clock.install({ time: zonedInstant(day, '15:15', timeZone) });
    const kiosk = await context.newPage();
    await kiosk.goto('/kiosk');
    await kiosk.getByLabel('Device code').fill(code);
    await kiosk.getByRole('button', { name: 'Pair' }).click();
    await expect(kiosk.getByTestId('screensaver')).toBeVisible();
    await wake(kiosk);

    const mat = classCard(kiosk, '03:00 PM', 'Open Mat');
    await expect(mat).toHaveAttribute('aria-pressed', 'true');
    const before = await attendedCount(mat);
    await kiosk.getByRole('tab', { name: 'Barcode Scanner' }).click();
    const enable = kiosk.getByRole('button', { name: 'Enable Camera' });
    const dialog = kiosk.getByRole('dialog', { name: 'Is this you?' });
    // The camera starts by itself when it was allowed before; otherwise the member taps Enable.
    const asked = await dialog.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!asked) await enable.click();
    await expect(dialog).toContainText('Morgan Member', { timeout: 20_000 });
    await kiosk.screenshot({ path: 'e2e/.artifacts/screens/desktop-kiosk-camera.png' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(kiosk.getByTestId('confirmation')).toContainText('CHECKED IN: Morgan');
    await expect.poll(() => attendedCount(mat)).toBe(before + 1);
    await context.close();
  });
});
