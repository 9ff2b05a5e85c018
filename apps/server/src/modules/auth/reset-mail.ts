import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../../plugins/types.ts';
import { mailResetCode } from './password-reset.service.ts';

// The reset-code work runs after the answer: looking the address up, storing the code and
// sending the mail took 10-13 ms for an account and 3-4 ms for an unknown address, which told
// who has an account. In this process, not a durable queue: a code is only worth its 15 minutes
// and is asked for again at will, so one lost to a crash costs the user a second request. A
// failure is logged as an error with its cause (never the address), never dropped silently.

/** Codes made and mailed at the same time; more requests wait their turn. */
const AT_ONCE = 4;
/** Beyond this many waiting, a request is dropped and logged (a flood, not people). */
const WAITING_MAX = 10_000;

const senders = new WeakMap<AppServices, ResetCodeSender>();

/** The sender of the app these services belong to. */
export function resetCodeSender(services: AppServices): ResetCodeSender {
  const sender = senders.get(services);
  if (!sender) throw new Error('The auth module is not registered on this app');
  return sender;
}

export class ResetCodeSender {
  private readonly waiting: string[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly services: AppServices,
    private readonly log: FastifyBaseLogger,
  ) {
    senders.set(services, this);
  }

  /** Takes the address now; the work starts once the current answer has been sent. */
  enqueue(email: string): void {
    if (this.waiting.length >= WAITING_MAX) {
      this.log.error('password reset: the reset code was not sent (too many requests waiting)');
      return;
    }
    this.waiting.push(email);
    setImmediate(() => this.pump());
  }

  /** Resolves when nothing is waiting or running (the app's close, and tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < AT_ONCE && this.waiting.length > 0) {
      const email = this.waiting.shift()!;
      this.running += 1;
      mailResetCode(this.services, email)
        .catch((err: unknown) => this.log.error({ err }, 'password reset: the reset code was not sent'))
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
    }
  }
}
