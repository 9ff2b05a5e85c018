import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  APP_URL: z.string().default('http://localhost:3000'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  IMPORT_WORKER: z.enum(['0', '1']).default('1'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  PAYMENTS_API_URL: z.url().default('https://api.stripe.com'),
  PAYMENTS_API_KEY: z.string().optional(),
});

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
  appUrl: string;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** Runs the contact import worker in this process (off in tests that drive it themselves). */
  importWorker: boolean;
  /** The card payment provider: the built-in offline sandbox, or a Stripe-style HTTP API. */
  paymentsProvider: 'sandbox' | 'stripe';
  paymentsApiUrl: string;
  paymentsApiKey: string | undefined;
};

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
    appUrl: e.APP_URL,
    seedDemo: e.SEED_DEMO === '1' || (!e.DATABASE_URL && e.SEED_DEMO !== '0'),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    importWorker: e.IMPORT_WORKER === '1',
    paymentsProvider: e.PAYMENTS_PROVIDER,
    paymentsApiUrl: e.PAYMENTS_API_URL.replace(/\/+$/, ''),
    paymentsApiKey: e.PAYMENTS_API_KEY || undefined,
  };
}
