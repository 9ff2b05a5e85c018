// pg warns (once a process) when a statement is queued on a connection behind others still
// waiting: statements of one transaction sent together (a Promise.all over three of them). They
// run one after the other anyway, and pg 9 is to refuse them; the test run fails on it, naming
// the cause. Test files share their worker process, so the listener goes on once.
const FENCE = Symbol.for('opsuite.test.pg-overlap-fence');
const scope = globalThis as Record<symbol, unknown>;
if (!scope[FENCE]) {
  scope[FENCE] = true;
  process.on('warning', (warning) => {
    if (warning.message.includes('already executing a query')) {
      throw new Error(
        `Two statements were sent at once on one connection (await them one at a time): ${warning.message}`,
      );
    }
  });
}
