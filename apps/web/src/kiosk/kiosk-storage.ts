import type { KioskOrganization } from '@opsuite/shared/contracts/kiosk';

/** What a paired kiosk keeps in localStorage (nothing else of the admin app's keys). */
export const KIOSK_STORAGE_KEYS = {
  deviceToken: 'kioskDeviceToken',
  deviceCode: 'kioskDeviceCode',
  organization: 'kioskOrganization',
} as const;

export interface KioskDevice {
  token: string;
  /** The device code it was paired with; a stored code starts the kiosk in device mode. */
  code: string | null;
  organization: KioskOrganization | null;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseOrganization(text: string | null): KioskOrganization | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KioskOrganization> | null;
    if (!value || typeof value !== 'object' || typeof value._id !== 'string') return null;
    return {
      _id: value._id,
      name: typeof value.name === 'string' ? value.name : '',
      logoLink: typeof value.logoLink === 'string' ? value.logoLink : null,
      themeColor: typeof value.themeColor === 'string' ? value.themeColor : '',
      timeZone: typeof value.timeZone === 'string' ? value.timeZone : 'UTC',
    };
  } catch {
    return null;
  }
}

/** The paired device, or null when no device token is stored. */
export function readDevice(): KioskDevice | null {
  const token = read(KIOSK_STORAGE_KEYS.deviceToken);
  if (!token) return null;
  return {
    token,
    code: read(KIOSK_STORAGE_KEYS.deviceCode),
    organization: parseOrganization(read(KIOSK_STORAGE_KEYS.organization)),
  };
}

export function storeDevice(device: { token: string; code: string; organization: KioskOrganization }): void {
  window.localStorage.setItem(KIOSK_STORAGE_KEYS.deviceToken, device.token);
  window.localStorage.setItem(KIOSK_STORAGE_KEYS.deviceCode, device.code);
  storeOrganization(device.organization);
}

export function storeOrganization(organization: KioskOrganization): void {
  window.localStorage.setItem(KIOSK_STORAGE_KEYS.organization, JSON.stringify(organization));
}

export function clearDevice(): void {
  for (const key of Object.values(KIOSK_STORAGE_KEYS)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage switched off: nothing to clear.
    }
  }
}
