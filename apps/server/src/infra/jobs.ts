// Background jobs every instance runs on a timer (mail retries, slot expiry and keep-alive, the
// sandbox payment clock). A run that is still going when the next is due is not doubled: that
// tick is skipped. A failed run is logged with the job's name and the next tick runs again.
// `stop` ends the timers and waits for the runs under way, so the database can close after it.

export interface Jobs {
  /** Runs `run` every `ms` milliseconds (first after `ms`), never two at once. */
  every(ms: number, name: string, run: () => Promise<unknown>): void;
  /** Stops every job and resolves once the runs under way have ended. */
  stop(): Promise<void>;
}

export function createJobs(logger: { warn(object: object, message: string): void }): Jobs {
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  return {
    every(ms, name, run) {
      if (stopped) return;
      let current: Promise<void> | null = null;
      const timer = setInterval(() => {
        if (current || stopped) return;
        current = Promise.resolve()
          .then(run)
          .then(
            () => undefined,
            (err: unknown) => logger.warn({ err, job: name }, `${name} failed`),
          )
          .finally(() => {
            if (current) running.delete(current);
            current = null;
          });
        running.add(current);
      }, ms);
      timer.unref();
      timers.push(timer);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
