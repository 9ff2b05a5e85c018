// Child process of the import crash test (crash.test.ts): runs the import worker
// on DATABASE_URL with small batches and a short lease, until the test kills it with SIGKILL.
import { openDatabase } from '../../../db/client.ts';
import { ImportWorker } from './worker.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
const worker = new ImportWorker(database, {
  batchSize: Number(process.env.IMPORT_BATCH ?? 100),
  leaseMs: Number(process.env.IMPORT_LEASE_MS ?? 2000),
  pollMs: 50,
});
worker.start();
console.log('worker started');
