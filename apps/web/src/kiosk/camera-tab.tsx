import { Button, Loader, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CAMERA_TEXT,
  type CameraState,
  cameraAlreadyAllowed,
  cameraSupported,
  describeCameraFailure,
  loadScannerLibrary,
  type RunningScanner,
  startScanner,
} from './camera-scanner';
import classes from './check-in.module.css';
import { createScanGuard, RETRY_SAME_CODE_MS } from './scan-guard';

const PREVIEW_ID = 'kiosk-camera-preview';
export interface CameraTabProps {
  /** Resolves true when the code was dealt with (checked in, declined or invalid). */
  onCode: (code: string) => Promise<boolean>;
  busy: boolean;
  /** Changes when the kiosk forgets its member (screensaver): the same code counts again. */
  resetKey: number;
  /** A scan is activity: it wakes the kiosk from the screensaver. */
  onActivity: () => void;
}

/** Tab 3: the camera scanner; html5-qrcode is loaded when this tab opens. */
export function CameraTab({ onCode, busy, resetKey, onActivity }: CameraTabProps) {
  const [state, setState] = useState<CameraState>('idle');
  const [message, setMessage] = useState<string>(CAMERA_TEXT.required);
  const running = useRef<RunningScanner | null>(null);
  const attempt = useRef(0);
  const guard = useRef(createScanGuard());
  const latest = useRef({ onCode, busy, onActivity });
  latest.current = { onCode, busy, onActivity };

  const handleCode = useCallback((text: string) => {
    latest.current.onActivity();
    if (latest.current.busy || !guard.current.accept(text)) return;
    void latest.current.onCode(text).then((handled) => {
      if (!handled) guard.current.forgetAfter(text, RETRY_SAME_CODE_MS);
    });
  }, []);

  const stop = useCallback(async () => {
    const scanner = running.current;
    running.current = null;
    await scanner?.stop();
  }, []);

  /** Enable Camera: starts the camera, or retries after a failure; a repeat code counts again. */
  const start = useCallback(async () => {
    const current = ++attempt.current;
    guard.current.forget();
    await stop();
    if (!cameraSupported()) {
      setState('error');
      setMessage(CAMERA_TEXT.unsupported);
      return;
    }
    setState('requesting');
    setMessage(CAMERA_TEXT.preparing);
    try {
      const scanner = await startScanner(PREVIEW_ID, handleCode);
      if (current !== attempt.current) {
        await scanner.stop();
        return;
      }
      running.current = scanner;
      setState('ready');
    } catch (error) {
      if (current !== attempt.current) return;
      const failure = describeCameraFailure(error);
      setState(failure.state);
      setMessage(failure.message);
    }
  }, [handleCode, stop]);

  useEffect(() => {
    let active = true;
    loadScannerLibrary().catch(() => {
      if (!active) return;
      setState('error');
      setMessage(CAMERA_TEXT.libraryFailed);
    });
    // Once allowed, the camera starts as soon as the tab opens; otherwise a tap asks for it.
    void cameraAlreadyAllowed().then((allowed) => {
      if (active && allowed && cameraSupported()) void start();
    });
    return () => {
      active = false;
      attempt.current++;
      void stop();
    };
  }, [start, stop]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger
  useEffect(() => {
    guard.current.forget();
  }, [resetKey]);

  const failed = state === 'error' || state === 'require-user';
  return (
    <div className={classes.tabBody}>
      <div className={classes.cameraFrame} data-state={state}>
        <div id={PREVIEW_ID} className={classes.cameraPreview} />
        {state !== 'ready' && (
          <div
            className={classes.cameraMessage}
            role={failed ? 'alert' : 'status'}
            data-testid="camera-message"
          >
            {state === 'requesting' ? (
              <Loader color="white" />
            ) : failed ? (
              <IconCameraOff size={44} stroke={1.4} aria-hidden />
            ) : (
              <IconCamera size={44} stroke={1.4} aria-hidden />
            )}
            <Text ta="center" fw={500}>
              {message}
            </Text>
          </div>
        )}
      </div>
      {state === 'ready' && (
        <Text ta="center" c="dimmed" size="sm">
          Hold your code inside the frame
        </Text>
      )}
      <Button
        size="xl"
        fullWidth
        leftSection={<IconCamera size={22} />}
        loading={state === 'requesting'}
        onClick={() => void start()}
      >
        Enable Camera
      </Button>
    </div>
  );
}
