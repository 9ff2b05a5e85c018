import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAMERA_TEXT,
  describeCameraFailure,
  installPlayAbortGuard,
  isInterruptedPlay,
  ScannerLibraryError,
} from './camera-scanner';
import { makeContact, makeSlot, mockKioskServer, NOW, pairDevice, renderKiosk } from './kiosk-test-utils';

const scanner = vi.hoisted(() => ({
  onSuccess: null as ((text: string) => void) | null,
  startArgs: [] as unknown[],
  failWith: null as unknown,
  constructed: [] as unknown[],
}));

vi.mock('html5-qrcode', () => ({
  Html5QrcodeSupportedFormats: {
    QR_CODE: 0,
    AZTEC: 1,
    CODABAR: 2,
    CODE_39: 3,
    CODE_93: 4,
    CODE_128: 5,
    DATA_MATRIX: 6,
    MAXICODE: 7,
    ITF: 8,
    EAN_13: 9,
    EAN_8: 10,
    PDF_417: 11,
    RSS_14: 12,
    RSS_EXPANDED: 13,
    UPC_A: 14,
    UPC_E: 15,
    UPC_EAN_EXTENSION: 16,
  },
  Html5Qrcode: class {
    isScanning = false;
    constructor(...args: unknown[]) {
      scanner.constructed.push(args);
    }
    async start(camera: unknown, config: unknown, onSuccess: (text: string) => void) {
      scanner.startArgs = [camera, config];
      if (scanner.failWith) throw scanner.failWith;
      scanner.onSuccess = onSuccess;
      this.isScanning = true;
    }
    async stop() {
      this.isScanning = false;
    }
    clear() {}
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  scanner.onSuccess = null;
  scanner.failWith = null;
  scanner.constructed = [];
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn() },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openCamera() {
  const yoga = makeSlot({
    startTime: '14:30',
    endTime: '15:30',
    bookingType: { _id: 'y', title: 'Yoga', program: null },
  });
  const api = mockKioskServer({ slots: [yoga], contactsByCode: { '0000000123': makeContact() } });
  pairDevice(null);
  renderKiosk();
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Yoga/ })).toHaveAttribute('aria-pressed', 'true'),
  );
  const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await u.click(screen.getByRole('tab', { name: 'Barcode Scanner' }));
  return { ...api, u };
}

describe('camera scanner tab', () => {
  it('asks for a tap, then starts the back camera at 10 fps with a 280x280 box and the formats', async () => {
    const { u } = await openCamera();
    expect(screen.getByTestId('camera-message')).toHaveTextContent(CAMERA_TEXT.required);
    await u.click(screen.getByRole('button', { name: 'Enable Camera' }));
    await waitFor(() => expect(screen.queryByTestId('camera-message')).not.toBeInTheDocument());
    expect(scanner.startArgs).toEqual([
      { facingMode: 'environment' },
      { fps: 10, qrbox: { width: 280, height: 280 } },
    ]);
    const [, options] = scanner.constructed[0] as [string, { formatsToSupport: number[] }];
    expect(options.formatsToSupport).toEqual([0, 5, 3, 9, 10, 14, 15, 8, 11, 6, 1]);
  });

  it('ignores a repeat of the same code until reset', async () => {
    const { u, callsTo } = await openCamera();
    await u.click(screen.getByRole('button', { name: 'Enable Camera' }));
    await waitFor(() => expect(scanner.onSuccess).not.toBeNull());

    scanner.onSuccess?.('123');
    const dialog = await screen.findByRole('dialog', { name: 'Is this you?' });
    await u.click(within(dialog).getByRole('button', { name: 'No' }));
    scanner.onSuccess?.('123');
    scanner.onSuccess?.('123');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(1);

    // Enable Camera also retries: the same code counts again.
    await u.click(screen.getByRole('button', { name: 'Enable Camera' }));
    await waitFor(() => expect(scanner.onSuccess).not.toBeNull());
    scanner.onSuccess?.('123');
    expect(await screen.findByRole('dialog', { name: 'Is this you?' })).toBeInTheDocument();
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(2);
  });

  it('shows the blocked message when permission is denied, and retries', async () => {
    const { u } = await openCamera();
    scanner.failWith = 'Error getting userMedia, error = NotAllowedError: Permission denied';
    await u.click(screen.getByRole('button', { name: 'Enable Camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMERA_TEXT.blocked);
    scanner.failWith = null;
    await u.click(screen.getByRole('button', { name: 'Enable Camera' }));
    await waitFor(() => expect(screen.queryByTestId('camera-message')).not.toBeInTheDocument());
  });

  it('says the camera is not supported without getUserMedia', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    const { u } = await openCamera();
    await u.click(screen.getByRole('button', { name: 'Enable Camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAMERA_TEXT.unsupported);
  });
});

describe('describeCameraFailure', () => {
  it('maps each failure to its state and message', () => {
    expect(describeCameraFailure(new DOMException('denied', 'NotAllowedError'))).toEqual({
      state: 'require-user',
      message: 'Camera access has been blocked. Please allow camera permissions in Safari settings.',
    });
    expect(
      describeCameraFailure('Error getting userMedia, error = NotFoundError: Requested device not found'),
    ).toEqual({
      state: 'error',
      message: 'No suitable camera was found on this device.',
    });
    expect(describeCameraFailure(new DOMException('x', 'OverconstrainedError')).message).toBe(
      CAMERA_TEXT.notFound,
    );
    expect(describeCameraFailure('Camera streaming not supported by the browser.')).toEqual({
      state: 'error',
      message: 'Camera access is not supported on this device.',
    });
    expect(describeCameraFailure(new Error('NotReadableError: busy'))).toEqual({
      state: 'error',
      message: 'Unable to access the camera. Please try again.',
    });
    expect(describeCameraFailure(new ScannerLibraryError(new Error('chunk')))).toEqual({
      state: 'error',
      message: 'Camera preview unavailable. Library failed to load.',
    });
    expect(CAMERA_TEXT.required).toBe('Camera access is required. Tap Enable Camera to continue.');
    expect(CAMERA_TEXT.preparing).toBe('Preparing camera…');
  });
});

describe('leaving the tab while the camera starts', () => {
  const interrupted = new DOMException(
    'The play() request was interrupted because the media was removed from the document.',
    'AbortError',
  );
  const rejection = (reason: unknown) => {
    const event = new Event('unhandledrejection', { cancelable: true });
    Object.defineProperty(event, 'reason', { value: reason });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it("swallows only the video's interrupted play(), not other failures", () => {
    expect(isInterruptedPlay(interrupted)).toBe(true);
    expect(isInterruptedPlay(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(isInterruptedPlay('AbortError')).toBe(false);
    installPlayAbortGuard();
    installPlayAbortGuard();
    expect(rejection(interrupted)).toBe(true);
    expect(rejection(new Error('boom'))).toBe(false);
  });
});
