import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

// What the member portal's spec needs besides the kiosk helpers: signing in (in the browser and
// for API calls), screenshots, a camera video made of a picture, and the mail outbox.

export const PASSWORD = 'demo1234';

export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export interface Caller {
  headers: Record<string, string>;
  get<T = unknown>(url: string): Promise<T>;
  send<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T>;
}

/** Signs `email` in through the API and answers a caller with their headers. */
export async function apiAs(request: APIRequestContext, email: string): Promise<Caller> {
  const login = await request.post('/api/jwt/login', { data: { email, password: PASSWORD } });
  expect(login.ok(), `sign-in of ${email}`).toBe(true);
  const body = await login.json();
  const headers = {
    authorization: `Bearer ${body.accessToken}`,
    organization: body.organization._id as string,
  };
  const check = async (res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    headers,
    get: async (url) => check(await request.get(url, { headers }), `GET ${url}`),
    send: async (method, url, data) =>
      check(
        await request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) }),
        `${method} ${url}`,
      ),
  };
}

export async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({ path: `e2e/.artifacts/screens/${project}-portal-${name}.png`, fullPage: false });
}

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A still camera frame made of a picture (a PNG): drawn `drawWidth` pixels wide in the middle of
 * a white 640x480 frame (the kiosk reads codes in the middle 280x280 of its camera picture), as
 * RGBA pixels, drawn by the browser in `page`.
 */
export async function framePixels(page: Page, png: Buffer, drawWidth: number): Promise<Buffer> {
  await page.setContent('<canvas></canvas>');
  const base64 = await page.evaluate(
    async ({ url, width, height, drawWidth }) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.querySelector('canvas') as HTMLCanvasElement;
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      const drawHeight = Math.round((img.height * drawWidth) / img.width);
      ctx.drawImage(img, (width - drawWidth) / 2, (height - drawHeight) / 2, drawWidth, drawHeight);
      const data = ctx.getImageData(0, 0, width, height).data;
      let text = '';
      for (let i = 0; i < data.length; i += 0x8000)
        text += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { url: `data:image/png;base64,${png.toString('base64')}`, width: WIDTH, height: HEIGHT, drawWidth },
  );
  return Buffer.from(base64, 'base64');
}

/** A y4m video (4:2:0, grey) of a still frame, what Chromium's fake camera plays in a loop. */
export function y4mOf(rgba: Buffer, frames = 10): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < luma.length; i++) {
    const [r = 0, g = 0, b = 0] = [rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]];
    luma[i] = Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mails the server wrote to its outbox (development mail), when the run's data dir is known. */
export function outbox(): OutboxMail[] | null {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return null;
  const box = path.join(dir, 'outbox');
  try {
    return readdirSync(box)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(box, f), 'utf8')) as OutboxMail);
  } catch {
    return [];
  }
}
