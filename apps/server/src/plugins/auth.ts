import { can } from '@opsuite/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.ts';
import { type RequestHold, trackRequest } from '../db/connection-guard.ts';
import { fenceOneStatement } from '../db/fast/one-statement.ts';
import type { OpenTenantTx } from '../db/fast/tenant-pg.ts';
import { withTenant } from '../db/tenant.ts';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';
import {
  CONTEXT_SQL,
  type ContextHeaders,
  type ContextRow,
  checkedContext,
  contextKey,
  contextPrelude,
  contextValues,
  deriveContext,
} from './context.ts';
import { ContextCache } from './context-cache.ts';
import type { App, AuthKind, RequestContext, ResourcePermission, RoutePermission } from './types.ts';

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const [scheme, token] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function finishWith<T>(open: OpenTenantTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await fn(open.tx);
  } catch (err) {
    await open.finish(false);
    throw err;
  }
  await open.finish(true);
  return result;
}

// What misusing config.systemReads or config.oneStatement looks like, on both databases. A
// statement through the database handle while the request holds its transaction is refused (see
// db/connection-guard.ts); a second statement of a one-statement transaction is refused by
// TenantClient on PostgreSQL and by fenceOneStatement on PGlite.
const OUTSIDE_TENANT =
  'This route sent a statement through the database handle while its tenant transaction is open ' +
  '(it opens with the context read): a route that reads outside req.tenant() declares config.systemReads';
const INSIDE_TENANT =
  'A statement went through the database handle while req.tenant() runs: use the transaction it ' +
  'hands over (and one req.tenant() at a time)';

/** Where a request stands with its tenant transaction. */
interface Holding {
  hold: RequestHold;
  /** The transaction opened with the context read waits for the handler (PostgreSQL), or would. */
  context: boolean;
  /** req.tenant() callbacks running. */
  inTenant: number;
}

function update(h: Holding): void {
  h.hold.reason = h.inTenant > 0 ? INSIDE_TENANT : h.context ? OUTSIDE_TENANT : null;
}

/** The permission form each auth kind must declare (see RoutePermission). */
function ruleProblem(kind: AuthKind, permission: RoutePermission | undefined): string | null {
  if (kind === 'user' && permission !== 'self') return "Route has no 'self' permission rule";
  if (kind === 'device' && permission !== 'device') return "Route has no 'device' permission rule";
  if (kind === 'tenant' && (!permission || typeof permission !== 'object'))
    return 'Route has no permission rule';
  return null;
}

/**
 * The one declarative guard: every API route states `config.auth` and, unless public,
 * `config.permission`; this hook enforces both before the body is even parsed.
 *
 * On PostgreSQL a tenant route's transaction opens here, in the same round trip as the context
 * read, and the handler's `req.tenant()` continues it; a route that reads global tables declares
 * `config.systemReads` so its connection is handed back before the handler runs. PGlite opens the
 * transaction in `req.tenant()`, but refuses the same misuse of either flag as PostgreSQL. Under
 * test only (NODE_ENV=test), a statement through the database handle while the request holds its
 * transaction is refused on both: following each request's async work took about 5-10% of the
 * tenant read's throughput.
 */
export const authPlugin = fp(async (app: App) => {
  const { tokens, database, config } = app.services;
  const openTx = new WeakMap<FastifyRequest, OpenTenantTx>();
  /** Requests whose client went away: a transaction opened for one after that is ended at once. */
  const aborted = new WeakSet<FastifyRequest>();
  const holdings = new WeakMap<FastifyRequest, Holding>();
  // Request contexts kept in memory, dropped when the database announces a change to their rows.
  const contexts = new ContextCache(database);
  const changed = (organizationId: string) => contexts.forget(organizationId || null);
  database.notices.on('tenant_context', changed);
  app.addHook('onClose', async () => {
    database.notices.off('tenant_context', changed);
  });

  if (config.env === 'test') {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.routeOptions.url?.startsWith('/api/')) return done();
      const h: Holding = { hold: { reason: null }, context: false, inTenant: 0 };
      holdings.set(request, h);
      trackRequest(h.hold, done);
    });
    // Reading the body continues in the socket's async context: the handler's is the request's again.
    app.addHook('preValidation', (request, _reply, done) => {
      const h = holdings.get(request);
      if (h) trackRequest(h.hold, done);
      else done();
    });
  }
  const holdContext = (request: FastifyRequest, on: boolean) => {
    const h = holdings.get(request);
    if (!h || h.context === on) return;
    h.context = on;
    update(h);
  };
  /** `fn`, marking the request as inside its transaction while it runs. */
  const inTenant = <T>(request: FastifyRequest, fn: (tx: Tx) => Promise<T>) => {
    const h = holdings.get(request);
    if (!h) return fn;
    return async (tx: Tx) => {
      h.inTenant += 1;
      update(h);
      try {
        return await fn(tx);
      } finally {
        h.inTenant -= 1;
        update(h);
      }
    };
  };

  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('ctx', null);
  app.decorateRequest('device', null);
  app.decorateRequest('tenant', function tenant<T>(this: FastifyRequest, fn: (tx: Tx) => Promise<T>) {
    const orgId = this.ctx?.organizationId ?? this.device?.organizationId;
    if (!orgId) throw new AppError('INTERNAL', 'No organisation bound to this request');
    const oneStatement = this.routeOptions.config.oneStatement === true;
    const work = inTenant(this, fn);
    const run = (o: OpenTenantTx) => {
      if (oneStatement) o.commitAfterNext();
      return finishWith(o, work);
    };
    // The transaction opened with the context read is the handler's from here.
    holdContext(this, false);
    const open = openTx.get(this);
    if (open) {
      openTx.delete(this);
      return run(open);
    }
    if (database.beginTenant) return database.beginTenant(orgId).then(run);
    if (!oneStatement) return withTenant(database.db, orgId, work);
    return withTenant(database.db, orgId, (tx) => {
      fenceOneStatement(tx);
      return work(tx);
    });
  });

  async function tenantContext(request: FastifyRequest, userId: string): Promise<RequestContext> {
    const headers: ContextHeaders = {
      organization: header(request, 'organization'),
      assigner: header(request, 'assigner'),
      isEmployee: header(request, 'isemployee'),
    };
    const key = await contextKey(database, userId, headers, contexts);
    const kept = contexts.context(key.organizationId, userId, key.assigner);
    // Kept, or read outside a transaction (PGlite): the handler's req.tenant() opens one, as if
    // it were open now, so that the same misuse of config.systemReads fails here too.
    const opensLater = (ctx: RequestContext) => {
      if (!request.routeOptions.config.systemReads) holdContext(request, true);
      return ctx;
    };
    if (kept) return opensLater(checkedContext(kept.row, kept.context, headers));
    const ticket = contexts.ticket();
    const keep = (row: ContextRow | undefined): RequestContext => {
      if (!row) throw forbidden('You are not a member of this organisation');
      const context = deriveContext(row, userId);
      contexts.keepContext(ticket, userId, key.assigner, { row, context });
      return checkedContext(row, context, headers);
    };
    if (!database.beginTenant) {
      const rows = await database.prepared<ContextRow>('ctx_lookup', CONTEXT_SQL, contextValues(key));
      return opensLater(keep(rows[0]));
    }
    const open = await database.beginTenant(key.organizationId, contextPrelude(key));
    try {
      const ctx = keep(open.preludeRows[0] as ContextRow | undefined);
      if (request.routeOptions.config.systemReads) await open.finish(true);
      else if (aborted.has(request)) {
        // The client left while the transaction was opening: onRequestAbort found nothing to
        // end then, and no response (and so no onResponse) will come.
        await open.finish(false);
      } else {
        openTx.set(request, open);
        holdContext(request, true);
      }
      return ctx;
    } catch (err) {
      await open.finish(false);
      throw err;
    }
  }

  // A tenant transaction the handler never used (a 400, a 404, a read of the context only) ends here.
  const release = async (request: FastifyRequest) => {
    holdContext(request, false);
    const open = openTx.get(request);
    if (!open) return;
    openTx.delete(request);
    await open.finish(false);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', async (request) => {
    aborted.add(request);
    await release(request);
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/')) return; // static files, /docs, and the not-found handler
    const config = request.routeOptions.config;
    const kind = config?.auth;
    if (!kind) throw new AppError('INTERNAL', 'Route has no auth decision');
    if (kind === 'public') return;
    const permission = config.permission;
    const problem = ruleProblem(kind, permission);
    if (problem) throw new AppError('INTERNAL', problem);

    const token = bearer(request);
    if (!token) throw unauthenticated('Sign in first');

    if (kind === 'device') {
      // Not revoked from memory: every kiosk call checks the device row (exists, active) inside
      // its own transaction or statement, so a removed or switched-off device stops at once.
      const claims = await tokens.verify(token, 'device');
      if (!claims.org) throw unauthenticated('Invalid device credential');
      request.device = { deviceId: claims.sub, organizationId: claims.org };
      return;
    }

    // A revoked token (signed out, account deleted, password reset) is refused here, from memory.
    const claims = await tokens.verify(token, 'access');
    request.userId = claims.sub;
    request.sessionId = claims.sid ?? null;
    if (kind === 'user') {
      const pathId = (request.params as { id?: string } | undefined)?.id;
      if (pathId !== undefined && pathId !== claims.sub) {
        throw forbidden('You can only do this for your own account');
      }
      return;
    }

    const rule = permission as ResourcePermission;
    request.ctx = await tenantContext(request, claims.sub);
    if (!can(request.ctx.ability, rule.action, rule.resource)) {
      await release(request);
      throw forbidden(`You do not have ${rule.action} access to ${rule.resource}`);
    }
  });
});
