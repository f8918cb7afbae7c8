/**
 * Grammar regexes compiled straight to machine code, skipping V8's regex interpreter.
 *
 * V8 compiles a RegExp on its first search: to bytecode for its interpreter, then, once the regex has run, again to
 * machine code. That suits a page script's regexes, most of which run a few times. A grammar regex runs on most
 * lines of its language, and some are 6–12 KB of source (TypeScript's, HTML's entities, SQL's and CSS's keyword
 * lists), so compiling each twice was a large part of what a small site's first blocks cost. V8 skips the
 * interpreter when a search's subject is 1,000 characters or longer (its `kTierUpForSubjectLengthValue`), so each
 * grammar regex (global or sticky, like every one the engine makes) searches such a string once, from its end, as
 * it is made: it is compiled to machine code and finds nothing. Its later searches, on one-byte and two-byte lines,
 * run that code (`native-regexp.test.ts` checks it with V8's own test hooks, so a Node whose V8 drops the rule
 * fails the test rather than the build slowing down unseen).
 *
 * The 1,455 regexes that 100 real code-heavy pages make, each made and then searching one line of each width five
 * times: 1.8 s, against 1.2 s this way (1.3 s with V8's `--no-regexp-tier-up`, which does the same for every regex of
 * the process; whole builds with that flag: 100 real pages 0.88×, 1,000 generated pages 1.02×). Highlighting those
 * pages' 1,099 blocks in a fresh process: 0.61× the wall time (8 pairs, every pair faster). Whole `docs build`
 * processes against the same package without it, alternating pairs, 2026-11-27, `dist/` identical:
 *
 * | corpus | pairs | wall | CPU | peak RSS |
 * |---|---:|---|---:|---|
 * | 100 real-profile pages, one thread | 10 | 0.97× (0.83–1.16×) | 0.97× | 298 → 293 MiB |
 * | 1,000 real-profile pages, two workers | 4 | 0.95× (0.90–1.06×) | 0.95× | 547 → 534 MiB |
 * | 1,000 generated pages | 6 | 0.98× (0.83–1.10×) | 0.99× | the same |
 *
 * On 100 real pages the page thread's highlighting took 2.4 s instead of 3.2 s (one CPU profile each way); the
 * build's wall time moves less, as the page thread is not all of it.
 */

/** A subject long enough for V8 to compile a regex to machine code at once, one byte per character. */
const LONG_SUBJECT = "\n".repeat(1000);

/** Compiles `regexp` to machine code now, and hands it back as it was (`lastIndex` 0). */
export function compiledNatively<T extends RegExp>(regexp: T): T {
  regexp.lastIndex = LONG_SUBJECT.length;
  regexp.exec(LONG_SUBJECT);
  regexp.lastIndex = 0;
  return regexp;
}
