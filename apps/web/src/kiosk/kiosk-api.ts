import type {
  BookingSlot,
  KioskCheckInAnswer,
  KioskContact,
  KioskOrganization,
  PairDeviceAnswer,
  ThemeSetting,
} from '@opsuite/shared/contracts/kiosk';
import { clearDevice, readDevice } from './kiosk-storage';

// The kiosk's own small client: the device credential instead of a user session, no token
// refresh, and a 401 unpairs the device instead of going to /login. Only types come from the
// contracts so that zod stays out of the kiosk bundle.

const API_BASE = '/api';
export const UNPAIRED_CODE = 'UNPAIRED';
export const UNPAIRED_MESSAGE = 'This kiosk was unpaired. Enter a device code to pair it again.';

export class KioskApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'KioskApiError';
  }
}

type UnpairedHandler = (message: string) => void;
let onUnpaired: UnpairedHandler = () => {};

/** The kiosk app registers how to go back to the pairing screen. */
export function setUnpairedHandler(handler: UnpairedHandler): () => void {
  onUnpaired = handler;
  return () => {
    if (onUnpaired === handler) onUnpaired = () => {};
  };
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string>;
  /** false for pairing: no device token, and a 401 is an ordinary error. */
  auth?: boolean;
  signal?: AbortSignal;
}

async function parseError(response: Response): Promise<KioskApiError> {
  let code = 'HTTP_ERROR';
  let message = 'Something went wrong';
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    code = body.error?.code ?? code;
    if (body.error?.message && response.status < 500) message = body.error.message;
  } catch {
    // Not JSON (a proxy page): keep the generic message.
  }
  return new KioskApiError(response.status, code, message);
}

export async function kioskRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const device = options.auth === false ? null : readDevice();
  if (options.auth !== false) {
    if (!device) {
      onUnpaired(UNPAIRED_MESSAGE);
      throw new KioskApiError(401, UNPAIRED_CODE, UNPAIRED_MESSAGE);
    }
    headers.Authorization = `Bearer ${device.token}`;
    if (device.organization) headers.organization = device.organization._id;
  }
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${query}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new KioskApiError(0, 'NETWORK', 'Unable to reach the server. Please check your connection.');
  }
  if (response.status === 401 && options.auth !== false) {
    clearDevice();
    onUnpaired(UNPAIRED_MESSAGE);
    throw new KioskApiError(401, UNPAIRED_CODE, UNPAIRED_MESSAGE);
  }
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new KioskApiError(response.status, 'BAD_RESPONSE', 'Something went wrong');
  }
}

export function isUnpaired(error: unknown): boolean {
  return error instanceof KioskApiError && error.code === UNPAIRED_CODE;
}

/** A check-in the organisation's rules refuse: 409 with the message to show. */
export function isRefused(error: unknown): error is KioskApiError {
  return error instanceof KioskApiError && error.status === 409;
}

/** The kiosk looked up too many codes or names for now (429); it may try again shortly. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof KioskApiError && error.status === 429;
}

export const kioskApi = {
  pair: (code: string) =>
    kioskRequest<PairDeviceAnswer>('/device-auth/pair', { method: 'POST', body: { code }, auth: false }),
  session: (signal?: AbortSignal) =>
    kioskRequest<{ device: { _id: string; name: string }; organization: KioskOrganization }>(
      '/kiosk/session',
      { signal },
    ),
  theme: (signal?: AbortSignal) => kioskRequest<ThemeSetting>('/kiosk/theme', { signal }),
  slots: (range: { startDate: string; endDate: string }, signal?: AbortSignal) =>
    kioskRequest<{ list: BookingSlot[] }>('/kiosk/slots', { query: { ...range, type: 'class' }, signal }),
  contactByCode: (paddedCode: string) =>
    kioskRequest<{ contact: KioskContact | null }>(
      `/kiosk/contact-by-code/${encodeURIComponent(paddedCode)}`,
    ),
  contactById: (id: string) =>
    kioskRequest<{ contact: KioskContact | null }>(`/kiosk/contacts/${encodeURIComponent(id)}`),
  searchContacts: (q: string, signal?: AbortSignal) =>
    kioskRequest<{ list: KioskContact[] }>('/kiosk/contacts/search', { query: { q }, signal }),
  checkIn: (slotId: string, contactId: string) =>
    kioskRequest<KioskCheckInAnswer>('/kiosk/check-in', { method: 'POST', body: { slotId, contactId } }),
};
