/** Wall time per build pass, in milliseconds with one decimal, in the order the passes ran (`BuildResult.timings`). */
export interface PassTimer {
  laps: Record<string, number>;
  /** Records the time since the previous lap (or since the timer was made) under `name`. */
  lap(name: string): void;
}

export function createTimer(laps: Record<string, number> = {}): PassTimer {
  let last = performance.now();
  return {
    laps,
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round((now - last) * 10) / 10;
      last = now;
    },
  };
}
