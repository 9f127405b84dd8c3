/**
 * The one way Junction runs work in the background (the transaction tracking worker, live prices, live bridge fees
 * and gas prices, venue ingest, API key reloads, usage statistics): a pass on start (or a first delay after it), the next one a delay after the previous
 * one ended (never two at once), passes asked for meanwhile joining the one in flight, and a stop that waits for it. The timer never keeps the process alive: the HTTP server
 * does. What a pass does and how long to wait after it stay with the owner.
 */

/** How a pass ended, for choosing the delay before the next one. */
export type PassOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface BackgroundLoopOptions<T> {
  /** One pass. A rejection does not end the loop: it is handed to `delayAfter` like a result. */
  pass: () => Promise<T>;
  /** Milliseconds from the end of a pass to the start of the next. */
  delayAfter: (outcome: PassOutcome<T>) => number;
}

export class BackgroundLoop<T> {
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<T> | undefined;
  private started = false;
  /** Counts starts: a pass that ends after a stop and a new start must not schedule beside the new start's own. */
  private generation = 0;

  constructor(private readonly opts: BackgroundLoopOptions<T>) {}

  /** Whether the loop is started (and not stopped). */
  get running(): boolean {
    return this.started;
  }

  /** One pass now; joins a pass in flight. Outside the schedule: the loop's next pass keeps its time. */
  runOnce(): Promise<T> {
    this.inFlight ??= this.opts.pass().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  /**
   * Starts the loop: a pass now (or the one in flight), or `firstDelayMs` from now when given (an owner that has just
   * done the first pass itself); the next a delay after it. Starting twice does nothing.
   */
  start(firstDelayMs = 0): void {
    if (this.started) return;
    this.started = true;
    this.generation++;
    if (firstDelayMs > 0) this.schedule(firstDelayMs, this.generation);
    else this.next();
  }

  /** Stops the loop (no pass starts after this) and resolves once a pass in flight has ended. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => undefined);
  }

  private next(): void {
    const generation = this.generation;
    this.timer = undefined;
    const settle = (outcome: PassOutcome<T>) => {
      // A pass that ends after a stop (or a stop and a new start) schedules nothing: the new start has its own.
      if (this.current(generation)) this.schedule(this.opts.delayAfter(outcome), generation);
    };
    this.runOnce().then(
      (value) => settle({ ok: true, value }),
      (error: unknown) => settle({ ok: false, error }),
    );
  }

  private current(generation: number): boolean {
    return this.started && generation === this.generation;
  }

  private schedule(ms: number, generation: number): void {
    this.timer = setTimeout(() => {
      if (this.current(generation)) this.next();
    }, ms);
    this.timer.unref();
  }
}
