// A user's own profile: read, edit (with password change), and account deletion.
import type { App } from '../../plugins/types.ts';
import { usersRoutes } from './users.routes.ts';

export function register(app: App) {
  usersRoutes(app);
}
