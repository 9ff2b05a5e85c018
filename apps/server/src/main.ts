import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_KIOSK_CODE, DEMO_MEMBERS, DEMO_PASSWORD, DEMO_PUNCH_IDS, seedDemo } from './seed/demo.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  });
  await runMigrations(database);
  const seeded = config.seedDemo ? await seedDemo(database) : false;
  const app = await buildApp({
    config,
    database,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  });
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  OpSuite is running at http://localhost:${config.port}  (API /api, docs /docs)`,
    `  Database: ${where}`,
  ];
  if (config.seedDemo) {
    lines.push(seeded ? '  Demo organisation "Demo Fitness" created. Sign in with:' : '  Demo logins:');
    for (const m of DEMO_MEMBERS) lines.push(`    ${m.email.padEnd(18)} ${DEMO_PASSWORD}   (${m.role})`);
    lines.push(`  Kiosk: open /kiosk, pair with device code ${DEMO_KIOSK_CODE}; member check-in code 1234`);
    const punches = DEMO_PUNCH_IDS.map((p) => `${p.fullName} ${p.punchId}`).join(', ');
    lines.push(`  Time clock: open /time-clock with the same code; punch ids ${punches}`);
  }
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
