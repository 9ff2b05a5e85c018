import { PassThrough, type Writable } from 'node:stream';

/**
 * An answer written while it is produced (reply.send() it straight away). It ends cleanly only
 * when `produce` resolves. A failure destroys it with the error instead: before its first byte
 * Fastify then answers the error in the one error shape; after it the connection is cut with the
 * body unfinished (a chunked body without its closing chunk), which HTTP clients report as a
 * failed download, so a cut-off file is never taken for a complete one.
 */
export function streamedAnswer(
  produce: (out: Writable) => Promise<unknown>,
  onError?: (err: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  produce(out).then(
    () => out.end(),
    (err: unknown) => {
      onError?.(err);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return out;
}
