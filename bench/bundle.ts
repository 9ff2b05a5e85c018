// The kiosk route's first load (issue 4 "Speed"): after `npm run build:web`, everything
// apps/web/dist/kiosk.html makes the browser fetch before the kiosk can run (the entry script, its
// modulepreload chunks and every chunk they import statically, and the stylesheets) gzipped and
// added up, beside the 170 KB limit. html5-qrcode must not be among them: it loads only when the
// camera tab opens (a dynamic import). Run alone with `npx tsx bench/bundle.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './harness.ts';

export const KIOSK_INITIAL_LIMIT_KB = 170;
const DIST = path.join(ROOT, 'apps/web/dist');

/** Text only html5-qrcode (and the ZXing port inside it) contains, never the kiosk's own code. */
const SCANNER_MARKERS = ['html5-qrcode-element', 'QR code parse error', 'ZXing={}'];

export interface BundleReport {
  files: { file: string; gzipBytes: number }[];
  totalKb: number;
  scannerIn: string[];
  pass: boolean;
  lines: string[];
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1];

/** The files the page asks for up front: module script, modulepreloads and stylesheets. */
function initialFromHtml(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module') {
      const src = attr(tag, 'src');
      if (src) scripts.push(src);
    } else if (tag.startsWith('<link')) {
      const rel = attr(tag, 'rel');
      const href = attr(tag, 'href');
      if (href && rel === 'modulepreload') scripts.push(href);
      if (href && rel === 'stylesheet') styles.push(href);
    }
  }
  return { scripts, styles };
}

/** Static imports of a built chunk (`import{a}from"./x.js"`, `import"./y.js"`); not `import()`. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    out.push(m[1]!);
  }
  return out;
}

/** Every initial asset of kiosk.html, gzipped; FAIL when over the limit or html5-qrcode is in them. */
export function measureKioskBundle(dist = DIST): BundleReport {
  const page = path.join(dist, 'kiosk.html');
  if (!existsSync(page)) throw new Error(`${page} is missing: run npm run build:web first`);
  const { scripts, styles } = initialFromHtml(readFileSync(page, 'utf8'));
  if (scripts.length === 0) throw new Error('kiosk.html has no module script: is the kiosk entry built?');
  const toFile = (url: string) => path.join(dist, url.replace(/^\//, ''));
  const seen = new Set<string>();
  const queue = scripts.map(toFile);
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8')))
      queue.push(path.resolve(path.dirname(file), spec));
  }
  for (const url of styles) seen.add(toFile(url));
  const files = [...seen].map((file) => ({
    file: path.relative(dist, file),
    gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length,
  }));
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const scannerIn = files
    .filter(({ file }) => {
      if (/html5-qrcode/i.test(file)) return true;
      const text = readFileSync(path.join(dist, file), 'utf8');
      return SCANNER_MARKERS.some((marker) => text.includes(marker));
    })
    .map(({ file }) => file);
  const totalKb = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
  const pass = totalKb <= KIOSK_INITIAL_LIMIT_KB && scannerIn.length === 0;
  const largest = files
    .slice(0, 4)
    .map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`)
    .join(', ');
  const lines = [
    `Kiosk initial load (kiosk.html: ${scripts.length} scripts, ${styles.length} stylesheets, ${files.length} files), gzipped: ` +
      `${totalKb.toFixed(1)} KB, limit ${KIOSK_INITIAL_LIMIT_KB} KB: ${totalKb <= KIOSK_INITIAL_LIMIT_KB ? 'PASS' : 'FAIL'}`,
    `  largest: ${largest}`,
    scannerIn.length === 0
      ? '  html5-qrcode in the initial load: no (loaded when the camera tab opens): PASS'
      : `  html5-qrcode in the initial load: yes, in ${scannerIn.join(', ')}: FAIL`,
  ];
  return { files, totalKb, scannerIn, pass, lines };
}

/** `npm run build:web`, then the measure; a failed build is a FAIL with the reason. */
export function benchBundle(): { pass: boolean; lines: string[] } {
  const build = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    const tail = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-5).join('\n  ');
    return {
      pass: false,
      lines: [`Kiosk initial load: not measured, npm run build:web failed: FAIL\n  ${tail}`],
    };
  }
  try {
    const report = measureKioskBundle();
    return { pass: report.pass, lines: report.lines };
  } catch (error) {
    return { pass: false, lines: [`Kiosk initial load: not measured, ${(error as Error).message}: FAIL`] };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = process.argv.includes('--no-build')
    ? (() => {
        const r = measureKioskBundle();
        return { pass: r.pass, lines: r.lines };
      })()
    : benchBundle();
  console.log(report.lines.join('\n'));
  if (!report.pass) process.exitCode = 1;
}
