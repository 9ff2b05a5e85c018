// A background job of the API process (the billing sweep, the contact answers refresher): runs
// shortly after start and then every `everyMs`, one run at a time, and stops with the app,
// waiting for a run in progress. Its timer never keeps the process alive.

export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly run: () => Promise<unknown>,
    private readonly log: { error(obj: unknown, msg: string): void },
    private readonly everyMs: number,
  ) {}

  start(firstDelayMs: number): void {
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        this.running = this.run()
          .catch((err) => this.log.error({ err }, `${this.name} failed`))
          .finally(() => {
            this.running = null;
            if (this.timer) tick(this.everyMs);
          });
      }, delay);
      this.timer.unref();
    };
    tick(firstDelayMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
