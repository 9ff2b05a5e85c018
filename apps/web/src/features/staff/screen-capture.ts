import { nextScreenshotAt } from '@opsuite/shared';
import { useSyncExternalStore } from 'react';

// Periodic screenshots of a work session, with the employee's consent: the browser asks once to
// share a screen (getDisplayMedia), then a frame is taken on the session's grid (start + k ×
// interval) and handed to `upload` as a compressed JPEG and a thumbnail. Refusing, or stopping
// the share from the browser's own bar, is reported as a status, never as an error, and so is a
// share whose video source fails to start (failed, apart from refused). The
// controller lives outside React so the share survives moving between pages of the app.

export type CaptureState = 'off' | 'asking' | 'sharing' | 'refused' | 'failed' | 'stopped' | 'unsupported';
export type ReportedState = 'sharing' | 'refused' | 'failed' | 'stopped';

/**
 * Why getDisplayMedia answered no: NotAllowedError is the person (or the browser's policy)
 * declining; anything else (NotReadableError "Could not start video source", AbortError,
 * NotFoundError) is the share failing to start, which the employee did not choose.
 */
export const refusalOf = (err: unknown): 'refused' | 'failed' =>
  (err as { name?: unknown } | null)?.name === 'NotAllowedError' ? 'refused' : 'failed';

export interface Frame {
  screenshot: string;
  screenshot_sm: string;
}

interface Options {
  sessionStart: number;
  intervalMinutes: number;
  upload: (frame: Frame) => Promise<unknown>;
  report: (state: ReportedState) => Promise<unknown>;
}

const FULL_WIDTH = 1280;
const THUMB_WIDTH = 320;

function draw(video: HTMLVideoElement, width: number, quality: number): string {
  const scale = Math.min(1, width / (video.videoWidth || width));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round((video.videoWidth || width) * scale));
  canvas.height = Math.max(1, Math.round((video.videoHeight || width * 0.5625) * scale));
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', quality);
}

class CaptureController {
  state: CaptureState = 'off';
  lastAt: number | null = null;
  nextAt: number | null = null;
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private options: Options | null = null;
  private listeners = new Set<() => void>();
  private version = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.version;

  private set(state: CaptureState) {
    this.state = state;
    this.version += 1;
    for (const l of this.listeners) l();
  }

  async start(options: Options): Promise<void> {
    this.options = options;
    if (!navigator.mediaDevices?.getDisplayMedia) return this.set('unsupported');
    this.set('asking');
    try {
      this.stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch (err) {
      const state = refusalOf(err);
      this.set(state);
      await options.report(state).catch(() => undefined);
      return;
    }
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = this.stream;
    await video.play().catch(() => undefined);
    this.video = video;
    for (const track of this.stream.getVideoTracks())
      track.addEventListener('ended', () => void this.ended());
    this.set('sharing');
    await options.report('sharing').catch(() => undefined);
    await this.capture();
  }

  private async ended() {
    if (this.state !== 'sharing') return;
    this.release();
    this.set('stopped');
    await this.options?.report('stopped').catch(() => undefined);
  }

  /** Takes one frame now, then waits for the next point of the session's grid. */
  private async capture() {
    const video = this.video;
    const options = this.options;
    if (!video || !options || this.state !== 'sharing') return;
    if (video.readyState < 2) await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      await options.upload({
        screenshot: draw(video, FULL_WIDTH, 0.6),
        screenshot_sm: draw(video, THUMB_WIDTH, 0.6),
      });
      this.lastAt = Date.now();
    } catch {
      // A failed upload is retried at the next point of the grid.
    }
    this.nextAt = nextScreenshotAt(options.sessionStart, Date.now(), options.intervalMinutes);
    this.set('sharing');
    this.timer = setTimeout(() => void this.capture(), Math.max(1_000, this.nextAt - Date.now()));
  }

  private release() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.video = null;
    this.nextAt = null;
  }

  /** Work ended (or the employee switched it off): the share is closed. */
  stop() {
    this.release();
    this.options = null;
    this.set('off');
  }
}

export const screenCapture = new CaptureController();

/** Re-renders when the capture's state changes. */
export function useScreenCapture() {
  useSyncExternalStore(screenCapture.subscribe, screenCapture.snapshot);
  return screenCapture;
}
