/**
 * Debounce for `docs dev` (issue 11): an editor's save is several events (write, rename, chmod), a `git checkout`
 * hundreds. Changes are collected until `quietMs` pass without a new one, or `maxWaitMs` after the first, then
 * handed over as one sorted batch. While a batch is being built, new changes wait for the next one.
 */
export interface ChangeBatcherOptions {
  quietMs: number;
  maxWaitMs: number;
  onBatch: (paths: string[]) => Promise<void> | void;
  /** Injected in tests. */
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

export interface ChangeBatcher {
  add(path: string): void;
  /** Resolves when no batch is pending or running. */
  idle(): Promise<void>;
  dispose(): void;
}

export function createChangeBatcher(options: ChangeBatcherOptions): ChangeBatcher {
  const timers = options.timers ?? { setTimeout, clearTimeout };
  let pending = new Set<string>();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let disposed = false;

  const flush = () => {
    if (quiet) timers.clearTimeout(quiet);
    if (deadline) timers.clearTimeout(deadline);
    quiet = deadline = undefined;
    if (running || pending.size === 0 || disposed) return;
    const batch = [...pending].sort();
    pending = new Set();
    running = Promise.resolve()
      .then(() => options.onBatch(batch))
      .catch(() => {})
      .finally(() => {
        running = undefined;
        // Changes that arrived during the build make the next batch at once.
        if (pending.size > 0) flush();
      });
  };

  return {
    add(path) {
      if (disposed) return;
      pending.add(path);
      if (running) return;
      if (quiet) timers.clearTimeout(quiet);
      quiet = timers.setTimeout(flush, options.quietMs);
      deadline ??= timers.setTimeout(flush, options.maxWaitMs);
    },
    async idle() {
      while (running || quiet) await (running ?? new Promise((resolve) => timers.setTimeout(resolve, options.quietMs)));
    },
    dispose() {
      disposed = true;
      if (quiet) timers.clearTimeout(quiet);
      if (deadline) timers.clearTimeout(deadline);
    },
  };
}
