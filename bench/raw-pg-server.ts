// The database's own limit for a signed-in tenant read: GET /organizations/<id> answers one
// primary-key read of that organisation through a plain pg pool, with no framework, no sign-in and
// no tenant transaction. What the API adds on top of this is its own cost.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
});
const READ = {
  name: 'bench_organization_by_id',
  text: `select id, name, theme_color, logo_link, time_zone, plan, permissions, is_view_user_data, created_at
         from organizations where id = $1`,
};

const server = createServer((req, res) => {
  const started = performance.now();
  const id = /^\/organizations\/([0-9a-f-]{36})$/.exec(req.url ?? '')?.[1];
  if (!id) {
    res.writeHead(404).end();
    return;
  }
  pool.query({ ...READ, values: [id] }).then(
    (r) => {
      const row = r.rows[0];
      const body = JSON.stringify(row ?? { message: 'not found' });
      res.writeHead(row ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        // The same header the API sends, so the bench reads this server's own p99 too.
        'server-timing': `app;dur=${(performance.now() - started).toFixed(1)}`,
      });
      res.end(body);
    },
    (err: Error) => res.writeHead(500).end(err.message),
  );
});
server.listen(Number(process.env.PORT ?? 3202), '127.0.0.1', () => console.log('ready'));
