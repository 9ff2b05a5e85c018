import type { AbilityRule, Action, PermissionRule } from '@opsuite/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { DatabaseHandle, Tx } from '../db/client.ts';
import type { FileLinks, FileStore } from '../lib/files/index.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { RateLimiter } from '../lib/rate-limiter.ts';
import type { Seams } from '../lib/seams.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import type { RequestPace } from './request-pace.ts';

/** How a route is reached: with no sign-in, a signed-in user, a user inside an organisation, or a kiosk device. */
export type AuthKind = 'public' | 'user' | 'tenant' | 'device';

/** A tenant route's rule: the caller's ability in the organisation must allow `action` on `resource`. */
export interface ResourcePermission {
  resource: string;
  action: Action;
}

/**
 * Every guarded route names what its caller may do, in the form its auth kind calls for:
 * - tenant routes: a resource rule, checked against the caller's ability in the organisation;
 * - user routes: `'self'`, the signed-in user acting on their own account (a user id in the
 *   path, `:id`, must be theirs);
 * - device routes: `'device'`, a paired kiosk acting for the one organisation its credential names.
 */
export type RoutePermission = ResourcePermission | 'self' | 'device';

export interface RoleContext {
  roleId: string | null;
  contactTypeId: string | null;
  contactTypeName: string;
  contactTypeType: string;
  contactId: string | null;
  assignerId: string | null;
}

export interface OrganizationRow {
  id: string;
  name: string;
  themeColor: string;
  logoLink: string | null;
  timeZone: string;
  plan: { planId: string; name: string }[];
  permissions: PermissionRule[];
  isViewUserData: boolean;
}

/** Everything the server derived about the caller; headers are checked against it, never trusted. */
export interface RequestContext {
  userId: string;
  organizationId: string;
  organization: OrganizationRow;
  membershipUserType: string;
  role: RoleContext;
  userType: string;
  isEmployee: boolean;
  rules: PermissionRule[];
  ability: AbilityRule[];
  dataFlow: boolean;
}

export interface DeviceContext {
  deviceId: string;
  organizationId: string;
}

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  limiter: RateLimiter;
  tokens: TokenSigner;
  /** Whether requests are arriving, for background work that paces itself. */
  pace: RequestPace;
  /** The one store of file bytes (disk or S3) and its signed download links. */
  files: FileStore;
  fileLinks: FileLinks;
  /** The extension points modules fill for each other (lib/seams.ts), this app's own. */
  seams: Seams;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthKind;
    permission?: RoutePermission;
    /**
     * The handler reads global tables (users, other organisations' names) outside req.tenant().
     * Without it a tenant route's transaction is open from the context read on (PostgreSQL), and
     * a statement through the database handle before req.tenant() fails, under test on both
     * databases.
     */
    systemReads?: boolean;
    /**
     * The handler's req.tenant() work is exactly one statement: on PostgreSQL it is sent with
     * COMMIT behind it, one round trip fewer. A second statement in it fails loudly, on both
     * databases.
     */
    oneStatement?: boolean;
    /**
     * The route only watches background work (a billing run's progress): its requests do not
     * make that work rest for them (RequestPace).
     */
    background?: boolean;
  }
  interface FastifyInstance {
    services: AppServices;
  }
  interface FastifyRequest {
    userId: string | null;
    /** The signed-in session (its refresh-token family) the access token was issued with. */
    sessionId: string | null;
    ctx: RequestContext | null;
    device: DeviceContext | null;
    /** Runs `fn` in a tenant transaction for the request's organisation. */
    tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
