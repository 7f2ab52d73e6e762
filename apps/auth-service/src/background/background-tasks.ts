import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/**
 * Work that follows an answer instead of delaying it (mail above all: an SMTP round trip on the request path tells
 * a caller whether an email exists, and a slow mail server slows every sign-up). Failures are logged, not thrown;
 * shutdown waits for what is still running, so a deploy does not drop a mail half sent.
 */
@Injectable()
export class BackgroundTasks implements BeforeApplicationShutdown {
  private readonly logger = new Logger(BackgroundTasks.name);
  private readonly running = new Set<Promise<void>>();

  /** Starts `work` and returns at once. */
  run(what: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) =>
        this.logger.error({
          msg: `${what} failed`,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing started so far is still running (shutdown; tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.idle();
  }
}
