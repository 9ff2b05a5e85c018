// Identity: the users (sign-in identities, global), their passwords, access tokens and rotating
// refresh-token families, password reset, sign-out, and the revocations that end access at once
// in every API process. Depends on no module; route guards live in plugins/auth.ts, and sign-in,
// sign-up and the session answer in the accounts module.
import type { App } from '../../plugins/types.ts';
import { authRoutes } from './auth.routes.ts';
import { ResetCodeSender } from './reset-mail.ts';
import { RevocationFeed } from './revocation-feed.ts';

export {
  checkCredentials,
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
} from './auth.service.ts';
export { type IssuedTokens, issueTokens } from './refresh-tokens.service.ts';
export { type Revoker, withRevocations } from './revocations.service.ts';
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
  const resetCodes = new ResetCodeSender(app.services, app.log);
  // Every API process follows the revocations, whatever else it runs (IMPORT_WORKER=0 included).
  const feed = new RevocationFeed(app.services, app.log);
  app.addHook('onReady', () => feed.start());
  app.addHook('onClose', async () => {
    await feed.stop();
    await resetCodes.idle();
  });
  authRoutes(app, resetCodes);
}
