import { KIOSK_SCANNER } from '@opsuite/shared/rules/kiosk';

/** Camera states. */
export type CameraState = 'idle' | 'requesting' | 'ready' | 'require-user' | 'error';

/** Camera messages. */
export const CAMERA_TEXT = {
  required: 'Camera access is required. Tap Enable Camera to continue.',
  preparing: 'Preparing camera…',
  blocked: 'Camera access has been blocked. Please allow camera permissions in Safari settings.',
  notFound: 'No suitable camera was found on this device.',
  unsupported: 'Camera access is not supported on this device.',
  failed: 'Unable to access the camera. Please try again.',
  libraryFailed: 'Camera preview unavailable. Library failed to load.',
} as const;

export class ScannerLibraryError extends Error {
  constructor(cause: unknown) {
    super('The scanner library failed to load', { cause });
    this.name = 'ScannerLibraryError';
  }
}

/**
 * What a failed start means for the member. html5-qrcode rejects with strings such as
 * "Error getting userMedia, error = NotAllowedError: Permission denied", so names are matched
 * in the text as well as on DOMException objects.
 */
export function describeCameraFailure(error: unknown): { state: 'require-user' | 'error'; message: string } {
  if (error instanceof ScannerLibraryError) return { state: 'error', message: CAMERA_TEXT.libraryFailed };
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (/NotAllowedError|PermissionDenied|Permission denied|SecurityError/i.test(text))
    return { state: 'require-user', message: CAMERA_TEXT.blocked };
  if (/NotFoundError|DevicesNotFound|OverconstrainedError|Requested device not found/i.test(text))
    return { state: 'error', message: CAMERA_TEXT.notFound };
  if (/NotSupportedError|not supported/i.test(text))
    return { state: 'error', message: CAMERA_TEXT.unsupported };
  return { state: 'error', message: CAMERA_TEXT.failed };
}

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** True when the browser says the camera was allowed before (so it can start without a tap). */
export async function cameraAlreadyAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'camera' as PermissionName });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}

type Library = typeof import('html5-qrcode');
let library: Promise<Library> | null = null;

/** html5-qrcode is only fetched when the camera tab opens (it is not in the kiosk's first load). */
export function loadScannerLibrary(): Promise<Library> {
  library ??= import('html5-qrcode').catch((error: unknown) => {
    library = null;
    throw new ScannerLibraryError(error);
  });
  return library;
}

export interface RunningScanner {
  stop: () => Promise<void>;
}

/**
 * True for the rejection html5-qrcode leaves unhandled when its <video> leaves the page while it
 * starts (the member left the Barcode Scanner tab): "AbortError: The play() request was
 * interrupted because the media was removed from the document".
 */
export function isInterruptedPlay(reason: unknown): boolean {
  const named = reason as { name?: unknown; message?: unknown } | null;
  return (
    typeof named === 'object' &&
    named !== null &&
    named.name === 'AbortError' &&
    typeof named.message === 'string' &&
    /play\(\) request was interrupted/i.test(named.message)
  );
}

let playGuardInstalled = false;

/** Swallows only that rejection (the library calls video.play() without a catch). */
export function installPlayAbortGuard(): void {
  if (playGuardInstalled || typeof window === 'undefined') return;
  playGuardInstalled = true;
  window.addEventListener('unhandledrejection', (event) => {
    if (isInterruptedPlay((event as PromiseRejectionEvent).reason)) event.preventDefault();
  });
}

/** Starts the back camera (10 fps, 280x280 box, the formats) inside `elementId`. */
export async function startScanner(
  elementId: string,
  onCode: (text: string) => void,
): Promise<RunningScanner> {
  if (!cameraSupported()) throw new DOMException('getUserMedia is missing', 'NotSupportedError');
  installPlayAbortGuard();
  const { Html5Qrcode, Html5QrcodeSupportedFormats } = await loadScannerLibrary();
  const scanner = new Html5Qrcode(elementId, {
    verbose: false,
    formatsToSupport: KIOSK_SCANNER.formats.map((name) => Html5QrcodeSupportedFormats[name]),
    useBarCodeDetectorIfSupported: true,
  });
  await scanner.start(
    { facingMode: KIOSK_SCANNER.facingMode },
    { fps: KIOSK_SCANNER.fps, qrbox: { ...KIOSK_SCANNER.qrbox } },
    (text) => onCode(text),
    () => {
      // Frames without a code are the normal case.
    },
  );
  return {
    stop: async () => {
      try {
        if (scanner.isScanning) await scanner.stop();
        scanner.clear();
      } catch {
        // Already stopped (a fast tab switch).
      }
    },
  };
}
