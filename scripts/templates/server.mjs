// The templates of a new server module: apps/server/src/modules/<name>/.

/** @typedef {ReturnType<typeof import('./names.mjs').namesOf>} Names */

/** @param {Names} n */
export function indexFile(n) {
  return `// ${n.label}: the organisation's ${n.lower} (the ${n.snake} table), listed, added, renamed and
// deleted by roles with the ${n.resource} permission. Depends on organizations (the tenant column).
// Other modules use only what this file exports.
import type { App } from '../../plugins/types.ts';
import { ${n.camel}Routes } from './${n.kebab}.routes.ts';

export function register(app: App) {
  ${n.camel}Routes(app);
}
`;
}

/** @param {Names} n */
export function tablesFile(n) {
  return `import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, updatedAt } from '../../db/columns.ts';
import { tenantColumn } from '../organizations/organizations.tables.ts';

/**
 * An organisation's ${n.lower}. The name is unique in the organisation: the unique index, not a
 * read before the write, keeps two saves at the same moment from both taking it.
 */
export const ${n.camel} = pgTable(
  '${n.snake}',
  {
    organizationId: tenantColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantKey(t, t.id), uniqueIndex('${n.snake}_org_name_uq').on(t.organizationId, t.name)],
);
`;
}

/** @param {Names} n */
export function serviceFile(n) {
  const r = n.record;
  return `import { ${r.constant}_TEXT, type ${r.pascal}Answer, type ${r.pascal}Body } from '@opsuite/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { uniqueOr409 } from '../../lib/sql.ts';
import { ${n.camel} } from './${n.kebab}.tables.ts';

// ${n.label} of one organisation. Each function runs in the request's tenant transaction
// (req.tenant) and filters by the organisation as well, so the primary key serves the query;
// row-level security would hide another organisation's rows anyway. Each write is one statement,
// so two requests on the same ${r.lower} at once cannot interleave a read and a write.

type Row = typeof ${n.camel}.$inferSelect;

const answerOf = (row: Row): ${r.pascal}Answer => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const byId = (orgId: string, id: string) => and(eq(${n.camel}.organizationId, orgId), eq(${n.camel}.id, id));

const nameIsFree = <T>(work: () => Promise<T>) =>
  uniqueOr409('${n.snake}_org_name_uq', 'name', ${r.constant}_TEXT.nameTaken, work);

export async function list${n.pascal}(tx: Tx, orgId: string) {
  const list = await tx
    .select()
    .from(${n.camel})
    .where(eq(${n.camel}.organizationId, orgId))
    .orderBy(asc(${n.camel}.name), asc(${n.camel}.id));
  return { list: list.map(answerOf) };
}

export async function create${r.pascal}(tx: Tx, orgId: string, body: ${r.pascal}Body) {
  const [row] = await nameIsFree(() =>
    tx
      .insert(${n.camel})
      .values({ organizationId: orgId, id: newId(), ...body })
      .returning(),
  );
  return answerOf(row!);
}

export async function update${r.pascal}(tx: Tx, orgId: string, id: string, body: ${r.pascal}Body) {
  const [row] = await nameIsFree(() =>
    tx
      .update(${n.camel})
      .set({ ...body, updatedAt: sql\`now()\` })
      .where(byId(orgId, id))
      .returning(),
  );
  if (!row) throw notFound('${r.label}');
  return answerOf(row);
}

export async function delete${r.pascal}(tx: Tx, orgId: string, id: string) {
  const gone = await tx.delete(${n.camel}).where(byId(orgId, id)).returning({ id: ${n.camel}.id });
  if (gone.length === 0) throw notFound('${r.label}');
}
`;
}

/** @param {Names} n */
export function routesFile(n) {
  const r = n.record;
  return `import {
  ${r.constant}_TEXT,
  ${r.camel}Body,
  ${r.camel}DeletedAnswer,
  ${r.camel}ListAnswer,
  ${r.camel}MutationAnswer,
  ${r.camel}Params,
  type Resource,
} from '@opsuite/shared';
import { deleted, saved } from '../../lib/answers.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import { create${r.pascal}, delete${r.pascal}, list${n.pascal}, update${r.pascal} } from './${n.kebab}.service.ts';

// Who may call what: the caller's role must hold the ${n.resource} permission for the action,
// within what the organisation's plan grants (plugins/auth.ts checks it before the handler runs).

const RESOURCE: Resource = '${n.resource}';

export function ${n.camel}Routes(app: App) {
  const tags = ['${n.lower}'];
  app.get(
    '/${n.kebab}',
    { config: tenantRoute(RESOURCE, 'read'), schema: { tags, response: { 200: ${r.camel}ListAnswer } } },
    (req) => req.tenant((tx) => list${n.pascal}(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/${n.kebab}',
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: ${r.camel}Body, response: { 200: ${r.camel}MutationAnswer } },
    },
    async (req) => {
      const data = await req.tenant((tx) => create${r.pascal}(tx, req.ctx!.organizationId, req.body));
      return saved(${r.constant}_TEXT.created, data);
    },
  );
  app.put(
    '/${n.kebab}/:id',
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: {
        tags,
        params: ${r.camel}Params,
        body: ${r.camel}Body,
        response: { 200: ${r.camel}MutationAnswer },
      },
    },
    async (req) => {
      const data = await req.tenant((tx) =>
        update${r.pascal}(tx, req.ctx!.organizationId, req.params.id, req.body),
      );
      return saved(${r.constant}_TEXT.updated, data);
    },
  );
  app.delete(
    '/${n.kebab}/:id',
    {
      config: tenantRoute(RESOURCE, 'delete'),
      schema: { tags, params: ${r.camel}Params, response: { 200: ${r.camel}DeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => delete${r.pascal}(tx, req.ctx!.organizationId, req.params.id));
      return deleted(${r.constant}_TEXT.deleted);
    },
  );
}
`;
}

/** @param {Names} n */
export function testFile(n) {
  const r = n.record;
  return `import { ${r.constant}_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestClient } from '../../../test/client.ts';
import { DB_KIND } from '../../../test/helpers.ts';
import { create${n.pascal}Kit, type ${n.pascal}Kit } from './${n.kebab}.test-kit.ts';

describe(\`${n.lower} (\${DB_KIND})\`, () => {
  let kit: ${n.pascal}Kit;
  let admin: RequestClient;
  let vendor: RequestClient;
  let intruder: RequestClient;
  beforeAll(async () => {
    kit = await create${n.pascal}Kit();
    ({ admin, vendor, intruder } = kit);
  });
  afterAll(() => kit.t.close());

  const names = async (client: RequestClient) =>
    (await client.get('/api/${n.kebab}')).body.list.map((r: { name: string }) => r.name);

  it('creates, lists, updates and deletes a ${r.lower} with the catalogue messages', async () => {
    const made = await admin.call('POST', '/api/${n.kebab}', { name: '  First  ' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ success: true, message: ${r.constant}_TEXT.created, data: { name: 'First' } });
    const id = made.body.data._id;
    expect(await names(admin)).toContain('First');

    const renamed = await admin.call('PUT', \`/api/${n.kebab}/\${id}\`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: ${r.constant}_TEXT.updated, data: { _id: id, name: 'Renamed' } });
    expect(Date.parse(renamed.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.body.data.createdAt));
    expect(await names(admin)).toContain('Renamed');

    const removed = await admin.call('DELETE', \`/api/${n.kebab}/\${id}\`);
    expect(removed.body).toEqual({ success: true, message: ${r.constant}_TEXT.deleted });
    expect(await names(admin)).not.toContain('Renamed');
    const again = await admin.call('DELETE', \`/api/${n.kebab}/\${id}\`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses a blank name with a 400 naming the field, and a name in use with a 409', async () => {
    const blank = await admin.call('POST', '/api/${n.kebab}', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toMatch(/^name: /);
    expect((await admin.call('POST', '/api/${n.kebab}', { name: 'Twice' })).status).toBe(200);
    const taken = await admin.call('POST', '/api/${n.kebab}', { name: 'Twice' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'CONFLICT', message: ${r.constant}_TEXT.nameTaken });
    expect((await names(admin)).filter((name: string) => name === 'Twice')).toHaveLength(1);
  });

  it("another organisation's admin gets 404 and changes nothing", async () => {
    const made = await admin.call('POST', '/api/${n.kebab}', { name: 'Ours' });
    const id = made.body.data._id;
    const put = await intruder.call('PUT', \`/api/${n.kebab}/\${id}\`, { name: 'Theirs' });
    expect(put.status).toBe(404);
    expect((await intruder.call('DELETE', \`/api/${n.kebab}/\${id}\`)).status).toBe(404);
    expect(await names(intruder)).toEqual([]);
    expect(await names(admin)).toContain('Ours');
    expect(await names(admin)).not.toContain('Theirs');
  });

  it('a role without the ${n.resource} permission gets 403', async () => {
    expect((await vendor.get('/api/${n.kebab}')).status).toBe(403);
    const write = await vendor.call('POST', '/api/${n.kebab}', { name: 'Not mine' });
    expect(write.status).toBe(403);
    expect(await names(admin)).not.toContain('Not mine');
  });
});
`;
}

/** @param {Names} n */
export function testKitFile(n) {
  return `import { type RequestClient, requestClient } from '../../../test/client.ts';
import { createTestApp, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';

// What every ${n.lower} test starts from, and what other modules' tests may import: an
// organisation with an admin and a vendor (a role with no permissions at all), and another
// organisation's admin, each signed in through the real routes.

export interface ${n.pascal}Kit {
  t: TestApp;
  admin: RequestClient;
  /** A vendor: a role with no permissions at all. */
  vendor: RequestClient;
  /** Another organisation's admin. */
  intruder: RequestClient;
  organizationId: string;
}

export async function create${n.pascal}Kit(): Promise<${n.pascal}Kit> {
  const t = await createTestApp();
  const org = await seedTenant(t, ['admin', 'vendor'], '${n.label}');
  const other = await seedTenant(t, ['admin'], 'Intruder');
  const [admin, vendor, intruder] = await Promise.all([
    signIn(t, org.emails.admin!),
    signIn(t, org.emails.vendor!),
    signIn(t, other.emails.admin!),
  ]);
  return {
    t,
    admin: requestClient(t, admin.headers),
    vendor: requestClient(t, vendor.headers),
    intruder: requestClient(t, intruder.headers),
    organizationId: org.id,
  };
}
`;
}
