// Auth: signing in, registering, resetting a password and the user's own profile; the session
// the app shell keeps fresh, switches and ends.

export { fetchSession, useSessionSync, useSignOut } from './auth.api';
export { authFeature } from './auth.feature';
