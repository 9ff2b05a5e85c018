// What every bench shares: starting a server in its own process, driving it with autocannon
// after a warm-up, and signing in through the real API.
import { type ChildProcess, spawn } from 'node:child_process';
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
    }, 60_000).unref();
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

/** One autocannon run; `next` makes each request afresh (a different code, contact or body). */
async function drive(
  label: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  next?: Next,
) {
  const server: number[] = [];
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        ...(next ? { setupRequest: (req) => ({ ...req, ...next() }) } : {}),
        onResponse: (_s, _b, _c, h) => server.push(serverDuration(h)),
      },
    ],
  });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, serverP99: p99Of(server) };
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
  await drive(name, url, headers, 2, CONNECTIONS, next);
  const figure = { name, ...(await drive(name, url, headers, DURATION, CONNECTIONS, next)) };
  return { ...figure, p99One: (await drive(name, url, headers, SINGLE_SECONDS, 1, next)).p99 };
}

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  opts: { single?: boolean } = {},
): Promise<Figure> {
  await load(url, headers, 2); // warm-up: JIT, connection pools, prepared statements, buffers
  const measured = { name, ...(await load(url, headers)) };
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
