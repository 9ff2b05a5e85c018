import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OpSuite <no-reply@opsuite.local>'),
  /** The address people open the product at, for the links in e-mails (APP_URL: its older name). */
  PUBLIC_URL: z.string().optional(),
  APP_URL: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  IMPORT_WORKER: z.enum(['0', '1']).default('1'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  PAYMENTS_API_URL: z.url().default('https://api.stripe.com'),
  PAYMENTS_API_KEY: z.string().optional(),
  PAYMENTS_WEBHOOK_SECRET: z.string().optional(),
  PAYMENTS_PUBLISHABLE_KEY: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  FILE_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
});

/** Which peers may set X-Forwarded-For: nobody (default), every hop, or the listed proxies. */
export type TrustProxy = boolean | string[];

// Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (isIP(prefix)) return family === 4 && isIP(prefix) === 4; // 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * PUBLIC_URL, or http://localhost:<PORT> when unset: an http(s) address with nothing after the
 * path, written without a trailing slash so that links are `${publicUrl}/access-control`.
 */
function parsePublicUrl(value: string | undefined, port: number): string {
  const text = value?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(
      `Invalid configuration:\n  PUBLIC_URL: must be an http(s) address such as https://gym.example.com (got "${text}")`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people open the product (PUBLIC_URL, no trailing slash): every e-mail link starts here. */
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** Runs the contact import worker in this process (off in tests that drive it themselves). */
  importWorker: boolean;
  /** The card payment provider: the built-in offline sandbox, or a Stripe-style HTTP API. */
  paymentsProvider: 'sandbox' | 'stripe';
  paymentsApiUrl: string;
  paymentsApiKey: string | undefined;
  /** Stripe's webhook signing secret (whsec_...) and publishable key (pk_...) for the browser. */
  paymentsWebhookSecret: string | undefined;
  paymentsPublishableKey: string | undefined;
  /** Fastify's trustProxy: decides whether X-Forwarded-For may change `req.ip`. */
  trustProxy: TrustProxy;
  /** Where file bytes live: DATA_DIR/files on disk (default) or an S3-compatible bucket. */
  files: FileStoreConfig;
};

export type FileStoreConfig =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/**
 * TRUST_PROXY: unset, `false` or `0` trust no proxy, so `req.ip` is the connecting peer and a
 * client cannot choose its own address for the per-address rate limits. `true` or `1` trust every
 * hop (only safe behind a proxy that overwrites X-Forwarded-For). Otherwise a comma list of the
 * proxies' addresses or CIDR ranges, the safe form. A hop count is refused: Fastify 5.12.1 dropped
 * it (it cannot check the immediate peer, so a direct client could forge the header) and now
 * treats a number as "trust nothing", which would silently put every client behind the proxy
 * under one address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  const invalid = (why: string) => new Error(`Invalid configuration:\n  TRUST_PROXY: ${why}`);
  if (/^\d+$/.test(value)) {
    throw invalid(
      `a hop count (${value}) is not supported; list the proxies' addresses or CIDR ranges instead (for example 10.0.0.0/8 or loopback)`,
    );
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    throw invalid(
      `expected true, false or a comma list of proxy addresses/CIDR ranges, got "${bad.join('", "')}"`,
    );
  }
  return entries;
}

/** In the embedded default a secret is made once and kept in the data directory. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET is required when NODE_ENV=production (at least 32 characters).');
  }
  if (e.PAYMENTS_PROVIDER === 'stripe' && !e.PAYMENTS_API_KEY) {
    throw new Error('PAYMENTS_API_KEY is required when PAYMENTS_PROVIDER=stripe.');
  }
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET) {
    throw new Error('S3_BUCKET is required when FILE_STORE=s3.');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const files: FileStoreConfig =
    e.FILE_STORE === 's3'
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
        }
      : { kind: 'disk', root: path.join(dataDir, 'files') };
  const publicUrl = parsePublicUrl(e.PUBLIC_URL || e.APP_URL, e.PORT);
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL || undefined,
    jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    seedDemo: e.SEED_DEMO === '1' || (!e.DATABASE_URL && e.SEED_DEMO !== '0'),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    importWorker: e.IMPORT_WORKER === '1',
    paymentsProvider: e.PAYMENTS_PROVIDER,
    paymentsApiUrl: e.PAYMENTS_API_URL.replace(/\/+$/, ''),
    paymentsApiKey: e.PAYMENTS_API_KEY || undefined,
    paymentsWebhookSecret: e.PAYMENTS_WEBHOOK_SECRET || undefined,
    paymentsPublishableKey: e.PAYMENTS_PUBLISHABLE_KEY || undefined,
    trustProxy,
    files,
  };
}
