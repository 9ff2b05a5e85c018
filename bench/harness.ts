// What every bench shares: starting a server in its own process, driving it with autocannon
// after a warm-up, and signing in through the real API.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The kiosk's budget of code lookups (KIOSK_LOOKUP_BUDGET, apps/server/src/modules/kiosk/
 * lookup-limit.ts: 30 units per device a minute) raised for a server under load: the kiosk
 * figures drive thousands of lookups a second from one paired device, which a real kiosk would
 * get 429 for. Only the bench sets it.
 */
export const KIOSK_LOAD_ENV = { KIOSK_LOOKUP_BUDGET: '1000000000' };

export interface Figure {
  name: string;
  rps: number;
  /** As the load generator saw it: network, queueing in both processes and the server's work. */
  p99: number;
  /** As the server saw it (its Server-Timing header: request read to answer written), if it says. */
  serverP99?: number;
  /** p99 with one connection (no queueing behind other requests), where measured. */
  p99One?: number;
}

/** Seconds of the one-connection run that follows a figure measured with `{ single: true }`. */
const SINGLE_SECONDS = 3;

/** A port nothing listens on now (other servers may run on this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** How long a server may take to start (BENCH_START_SECONDS): minutes on a machine under load. */
const START_SECONDS = Number(process.env.BENCH_START_SECONDS ?? 180);

export function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles every process the bench starts.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let started = false;
    const onData = (d: Buffer) => {
      out += d.toString();
      if (!started && out.includes(ready)) {
        started = true;
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
    setTimeout(() => {
      if (started) return;
      // Not left running behind the bench (holding its database's connections and locks).
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, START_SECONDS * 1000).unref();
  });
}

/** Ends a server started by startProcess and waits (up to 30 s) until it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The Server-Timing duration of an answer (ms), or NaN when it has none. */
export const serverDuration = (headers: Record<string, string | string[] | undefined> | undefined) =>
  Number(/app;dur=([\d.]+)/.exec(String(headers?.['server-timing'] ?? ''))?.[1] ?? Number.NaN);

/** The 99th percentile of the durations collected (undefined when the server sent none). */
export function p99Of(durations: number[]): number | undefined {
  const known = durations.filter((d) => !Number.isNaN(d)).sort((a, b) => a - b);
  if (known.length === 0) return undefined;
  return Math.round(known[Math.floor(known.length * 0.99)] ?? known[known.length - 1]!);
}

type Next = () => { method?: 'GET' | 'POST'; path: string; body?: string };

/** Seconds of each run spent warming up (JIT, pools, prepared statements) before figures count. */
const WARM_SECONDS = 2;

/**
 * One autocannon run; `next` makes each request afresh (a different code, contact or body). The
 * first `warm` seconds are driven on the same connections but not counted: the figures are those
 * of the server with its `connections` clients connected. Counted from a cold start they would
 * include the connections' own opening: under load libuv accepts one new connection per turn of
 * the event loop, so the last of 50 fresh connections waited up to 1.5 s for its first answer on
 * a bare Node server answering in 4 ms (p99 of a whole figure is its slowest 1%).
 */
async function drive(
  label: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  next?: Next,
  warm = 0,
) {
  const server: number[] = [];
  const latencies: number[] = [];
  let counting = warm === 0;
  const instance = autocannon(
    {
      url,
      connections,
      duration: warm + seconds,
      // A busy machine answers slowly: counted in the p99, not dropped as errors.
      timeout: 30,
      headers,
      requests: [
        {
          ...(next ? { setupRequest: (req) => ({ ...req, ...next() }) } : {}),
          onResponse: (_s, _b, _c, h) => {
            if (counting) server.push(serverDuration(h));
          },
        },
      ],
    },
    () => undefined,
  );
  let started = 0;
  const timer = setTimeout(() => {
    counting = true;
    started = performance.now();
  }, warm * 1000);
  if (warm === 0) started = performance.now();
  instance.on('response', (_client, _status, _bytes, ms) => {
    if (counting) latencies.push(ms);
  });
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  clearTimeout(timer);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((x, y) => x - y);
  return {
    rps: sorted.length / elapsed,
    p99: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN),
    serverP99: p99Of(server),
  };
}

export const load = (
  url: string,
  headers: Record<string, string> = {},
  seconds = DURATION,
  connections = CONNECTIONS,
) => drive(url, url, headers, seconds, connections);

/** Like measure(), with a request made fresh for each call (a different code, contact or body). */
export async function measureEach(
  name: string,
  url: string,
  headers: Record<string, string>,
  next: Next,
): Promise<Figure> {
  const figure = { name, ...(await drive(name, url, headers, DURATION, CONNECTIONS, next, WARM_SECONDS)) };
  return { ...figure, p99One: (await drive(name, url, headers, SINGLE_SECONDS, 1, next)).p99 };
}

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  opts: { single?: boolean } = {},
): Promise<Figure> {
  const measured = {
    name,
    ...(await drive(url, url, headers, DURATION, CONNECTIONS, undefined, WARM_SECONDS)),
  };
  if (!opts.single) return measured;
  return { ...measured, p99One: (await load(url, headers, SINGLE_SECONDS, 1)).p99 };
}

export async function signIn(base: string, email = 'admin@demo.test', password = 'demo1234') {
  const res = await fetch(`${base}/api/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const body = (await res.json()) as {
    accessToken: string;
    organization: { _id: string };
    userData: { curRole: { assignerId: string | null }; isEmployee: boolean };
  };
  return {
    authorization: `Bearer ${body.accessToken}`,
    organization: body.organization._id,
    assigner: body.userData.curRole.assignerId ?? '',
    isemployee: String(body.userData.isEmployee),
  };
}

/** What a bench that needs the large seed says when `databaseUrl` (its database) is missing. */
export function largeSeedMissing(what: string, databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return (
    `${what}: NOT MEASURED, the large seed (database ${url.pathname.slice(1)} on ${url.host}) is missing. ` +
    'Create it with `npm run seed:large`, then run `npm run bench` again.'
  );
}

/**
 * A bench run alone (`npx tsx bench/<name>.ts`): the bare Fastify baseline, then the bench, its
 * figures printed beside the baseline of the same run and its verdict lines; exit code 1 when a
 * target is missed.
 */
export async function runAlone(bench: () => Promise<{ figures: Figure[]; lines: string[]; pass: boolean }>) {
  const barePort = await freePort();
  const bare = await startProcess(['bench/bare-server.ts'], { PORT: String(barePort) }, 'ready');
  let baseline: Figure;
  try {
    baseline = await measure('bare Fastify JSON (baseline)', `http://127.0.0.1:${barePort}/json`);
  } finally {
    bare.kill('SIGTERM');
  }
  const r = await bench();
  for (const f of [baseline, ...r.figures])
    console.log(
      `${f.name}: ${f.rps.toFixed(f.rps < 100 ? 1 : 0)} req/s (${(f.rps / baseline.rps).toFixed(4)} of bare), p99 ${f.p99} ms, srv p99 ${f.serverP99 ?? '?'} ms, p99 @1 ${f.p99One ?? '-'}`,
    );
  console.log(r.lines.join('\n'));
  if (!r.pass) process.exitCode = 1;
}

/**
 * A JSON POST client for load loops that need each answer (a clock-out needs its clock-in's id),
 * on keep-alive connections through node:http: fetch cost the bench process about as much CPU as
 * the server it measured, on the same two cores, and the server's p99 rose with it.
 */
export function jsonPoster(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(base);
  const post = (headers: Record<string, string>, path: string, body: unknown) =>
    new Promise<{ ms: number; server: number; text: string }>((resolve, reject) => {
      const t0 = performance.now();
      const data = JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(data),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} ${text}`));
            else resolve({ ms: performance.now() - t0, server: serverDuration(res.headers), text });
          });
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { post, close: () => agent.destroy() };
}
