/** Local storage keys the web app reads and writes. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userData: 'userData',
  organization: 'organization',
  skin: 'skin',
  direction: 'direction',
  menuCollapsed: 'menuCollapsed',
} as const;

/**
 * Logout clears the stored user, tokens, organization, shop id, onboarding, zip code, terminal,
 * POS user and location; display preferences (skin, direction, menuCollapsed) stay.
 */
export const LOGOUT_KEYS = [
  STORAGE_KEYS.userData,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.organization,
  'shopId',
  'onboarding',
  'zipCode',
  'terminal',
  'posUser',
  'location',
] as const;

export type Skin = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working for this page load.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Removes everything a signed-in session left behind. */
export function clearLogoutKeys(): void {
  for (const key of LOGOUT_KEYS) writeString(key, null);
}

export function readSkin(): Skin {
  return readString(STORAGE_KEYS.skin) === 'dark' ? 'dark' : 'light';
}

export function readDirection(): Direction {
  return readString(STORAGE_KEYS.direction) === 'rtl' ? 'rtl' : 'ltr';
}

export function writeDirection(direction: Direction): void {
  writeString(STORAGE_KEYS.direction, direction);
}

export function readMenuCollapsed(): boolean {
  return readString(STORAGE_KEYS.menuCollapsed) === 'true';
}

export function writeMenuCollapsed(collapsed: boolean): void {
  writeString(STORAGE_KEYS.menuCollapsed, collapsed ? 'true' : 'false');
}
