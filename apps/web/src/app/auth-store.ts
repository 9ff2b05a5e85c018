import type { OrganizationAnswer, SessionAnswer, TokensAnswer, UserData } from '@opsuite/shared';
import { useSyncExternalStore } from 'react';
import { clearLogoutKeys, readJson, readString, STORAGE_KEYS, writeJson, writeString } from './storage';

/** The signed-in user in the current organisation, as kept in local storage. */
export interface Session {
  userData: UserData;
  organization: OrganizationAnswer;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function load(): Session | null {
  const userData = readJson<UserData>(STORAGE_KEYS.userData);
  const organization = readJson<OrganizationAnswer>(STORAGE_KEYS.organization);
  if (!userData || !organization || !readString(STORAGE_KEYS.accessToken)) return null;
  return { userData, organization };
}

function emit(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cached === undefined) cached = load();
  return cached;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAccessToken(): string | null {
  return readString(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readString(STORAGE_KEYS.refreshToken);
}

/** Refresh tokens rotate: the pair from every refresh replaces the stored one. */
export function storeTokens(tokens: TokensAnswer): void {
  writeString(STORAGE_KEYS.accessToken, tokens.accessToken);
  writeString(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

/** Stores a sign-in (tokens + session) or a session refresh (session only). */
export function storeSession(answer: SessionAnswer & Partial<TokensAnswer>): void {
  if (answer.accessToken && answer.refreshToken) {
    storeTokens({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
  }
  writeJson(STORAGE_KEYS.userData, answer.userData);
  writeJson(STORAGE_KEYS.organization, answer.organization);
  emit();
}

export function updateStoredUser(patch: Partial<UserData>): void {
  const session = getSession();
  if (!session) return;
  writeJson(STORAGE_KEYS.userData, { ...session.userData, ...patch });
  emit();
}

export function updateStoredOrganization(patch: Partial<OrganizationAnswer>): void {
  const session = getSession();
  if (!session) return;
  writeJson(STORAGE_KEYS.organization, { ...session.organization, ...patch });
  emit();
}

/** Logout: forgets the user, tokens, organisation and the per-device shop keys. */
export function clearSession(): void {
  clearLogoutKeys();
  emit();
}

/** Headers every signed-in call carries. */
export function tenantHeaders(session: Session | null = getSession()): Record<string, string> {
  if (!session) return {};
  return {
    organization: session.organization._id,
    assigner: session.userData.curRole?.assignerId ?? '',
    isemployee: session.userData.isEmployee ? 'true' : 'false',
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The organisation every query key starts with, so switching organisation never shows another's data. */
export function useOrganizationId(): string | undefined {
  return useSession()?.organization._id;
}

if (typeof window !== 'undefined') {
  // Another tab signed in, switched organisation or signed out.
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.userData ||
      event.key === STORAGE_KEYS.organization
    ) {
      emit();
    }
  });
}

/** Shown on /login when the user type has no web landing page. */
export const NO_WEB_ACCESS_MESSAGE = 'Your account has no access to the web app yet.';
