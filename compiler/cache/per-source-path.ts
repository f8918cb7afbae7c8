/**
 * Remembers the last value derived for each source path, reused while the inputs for that path are the same. `docs
 * dev` recomputes a few things from every source on every save (page keys, the site's code languages); at 5,000
 * pages those cost tens of milliseconds each, and all but the edited page give the same answer. Comparing a text with
 * the one remembered is far cheaper than hashing or scanning it again.
 */
export function perSourcePath<Input, Value>(
  derive: (input: Input) => Value,
  same: (remembered: Input, input: Input) => boolean,
): (sourcePath: string, input: Input) => Value {
  const remembered = new Map<string, { input: Input; value: Value }>();
  everyMemory.add(remembered);
  return (sourcePath, input) => {
    const last = remembered.get(sourcePath);
    if (last && same(last.input, input)) return last.value;
    const value = derive(input);
    // Renames over a long session, or many sites in one process: past this many paths the memory starts over.
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(sourcePath, { input, value });
    return value;
  };
}

const REMEMBERED_PATHS = 50_000;

const everyMemory = new Set<Map<string, unknown>>();

/**
 * Empties every `perSourcePath` memory: a one-shot `docs build` has no later build to reuse them, and they hold each
 * source's text (at 10,000 pages ~60 MB in two-byte strings) for the rest of the build.
 */
export function forgetSourcePaths(): void {
  for (const remembered of everyMemory) remembered.clear();
}
