// Identity: the users (sign-in identities, global), their passwords, access tokens and rotating
// refresh-token families, password reset and sign-out. Depends on no module; route guards live
// in plugins/auth.ts, and sign-in, sign-up and the session answer in the accounts module.
import type { App } from '../../plugins/types.ts';
import { authRoutes } from './auth.routes.ts';

export { checkCredentials, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from './auth.service.ts';
export { type IssuedTokens, issueTokens, revokeAllForUser } from './refresh-tokens.service.ts';
export {
  assertEmailFree,
  findUser,
  insertUsers,
  markUserDeleted,
  type NewUser,
  type ProfileRow,
  saveProfile,
  type UserRow,
} from './users.service.ts';

export function register(app: App) {
  authRoutes(app);
}
