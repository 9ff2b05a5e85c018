import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../test-media';
import { KIOSK_STORAGE_KEYS } from './kiosk-storage';
import {
  apiError,
  json,
  makeSlot,
  mockKioskServer,
  NOW,
  ORGANIZATION,
  pairDevice,
  renderKiosk,
} from './kiosk-test-utils';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pairing', () => {
  it('pairs with a device code and stores the token, the code and the organisation', async () => {
    const fetchMock = vi.fn(async (input: string, _init?: RequestInit) => {
      if (input === '/api/device-auth/pair')
        return json({
          deviceToken: 'tok-1',
          device: { _id: ORGANIZATION._id, name: 'Front desk' },
          organization: ORGANIZATION,
        });
      if (input.startsWith('/api/kiosk/slots')) return json({ list: [] });
      if (input === '/api/kiosk/theme')
        return json({ type: 'gradient', color: 'linear-gradient(45deg, #1E90FF, #87CEEB)' });
      return json({ device: { _id: ORGANIZATION._id, name: 'Front desk' }, organization: ORGANIZATION });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderKiosk();
    const u = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Pair this Kiosk' })).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Pair' }));
    expect(await screen.findByText('Enter the device code shown in device management')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await u.type(screen.getByLabelText('Device code'), ' FRONT-DESK-1 ');
    await u.click(screen.getByRole('button', { name: 'Pair' }));
    await waitFor(() => expect(localStorage.getItem(KIOSK_STORAGE_KEYS.deviceToken)).toBe('tok-1'));
    const pairInit = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(JSON.parse(String(pairInit.body))).toEqual({ code: 'FRONT-DESK-1' });
    expect(pairInit.headers).not.toHaveProperty('Authorization');
    expect(localStorage.getItem('kioskDeviceCode')).toBe('FRONT-DESK-1');
    expect(JSON.parse(localStorage.getItem('kioskOrganization') ?? '{}')).toEqual(ORGANIZATION);
    // A stored device code: the kiosk starts with the screensaver.
    expect(await screen.findByTestId('screensaver')).toHaveTextContent('SCAN YOUR TAG TO CHECK-IN');
    expect(screen.getByTestId('screensaver')).toHaveTextContent('Iron Gym');
  });

  it('shows the server message when the code is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => apiError(404, 'NOT_FOUND', 'Device code not found')),
    );
    renderKiosk();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Device code'), 'ABC123');
    await u.click(screen.getByRole('button', { name: 'Pair' }));
    expect(await screen.findByText('Device code not found')).toBeInTheDocument();
    expect(localStorage.getItem(KIOSK_STORAGE_KEYS.deviceToken)).toBeNull();
  });

  it('a 401 from any kiosk call unpairs the device and returns to pairing with a message', async () => {
    mockKioskServer({ session: () => apiError(401, 'UNAUTHENTICATED', 'Device removed') });
    pairDevice();
    renderKiosk();
    expect(await screen.findByRole('heading', { name: 'Pair this Kiosk' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This kiosk was unpaired');
    for (const key of Object.values(KIOSK_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });
});

describe('phone layout', () => {
  it('has three sections; choosing a class closes Available Classes and opens Check-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const matchMedia = window.matchMedia;
    window.matchMedia = vi
      .fn()
      .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width')));
    try {
      mockKioskServer({
        slots: [
          makeSlot({
            startTime: '18:00',
            endTime: '19:00',
            bookingType: { _id: 's', title: 'Spin', program: null },
          }),
        ],
      });
      pairDevice(null);
      renderKiosk();
      const classes = screen.getByRole('button', { name: 'Available Classes' });
      const checkIn = screen.getByRole('button', { name: 'Check-in' });
      const contact = screen.getByRole('button', { name: 'Contact' });
      expect(classes).toHaveAttribute('aria-expanded', 'true');
      expect(contact).toHaveAttribute('aria-expanded', 'false');
      const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await u.click(checkIn);
      expect(checkIn).toHaveAttribute('aria-expanded', 'false');

      await u.click(await screen.findByRole('button', { name: /Spin/ }));
      expect(classes).toHaveAttribute('aria-expanded', 'false');
      expect(checkIn).toHaveAttribute('aria-expanded', 'true');
      // The chosen class stays in sight, and can be changed.
      const chosen = screen.getByTestId('chosen-class');
      expect(chosen).toHaveTextContent('Spin');
      expect(chosen).toHaveTextContent('06:00 PM');
      await u.click(within(chosen).getByRole('button', { name: 'Change class', hidden: true }));
      expect(classes).toHaveAttribute('aria-expanded', 'true');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
