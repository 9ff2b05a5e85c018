import type { Client } from '../contacts.test-kit.ts';

/** Polls an import until it leaves `processing`. */
export async function finished(client: Client, jobId: string, query: Record<string, string | number> = {}) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await client.get(`/api/contact/import-status/${jobId}`, query);
    if (res.status !== 200 || res.body.status !== 'processing') return res;
    if (Date.now() > deadline)
      throw new Error(`import ${jobId} still processing: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
