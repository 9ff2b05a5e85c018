// A user's own profile: read, edit (with password change), and account deletion. Depends on auth
// (the users rows) and organizations (the audit log).
import type { App } from '../../plugins/types.ts';
import { usersRoutes } from './users.routes.ts';

export function register(app: App) {
  usersRoutes(app);
}
