/**
 * SPEC 4.7 `_preloadedContent` keys as users produce them: `dist`-relative paths (`_docs/site.json`), or the
 * project-absolute keys of Vite's `import.meta.glob("/dist/**", …)` (`/dist/_docs/site.json`), or `./dist/…`.
 * All become `dist`-relative, the form the store reads.
 */
export function preloadedEntries(content: Record<string, string>): Map<string, string> {
  const keys = Object.keys(content);
  // Glob keys share the folder prefix; strip it only when every key has it, so a real `dist/` subfolder survives.
  const prefix =
    keys.length > 0 && keys.every((key) => /^(?:\.?\/)?dist\//.test(key)) ? /^(?:\.?\/)?dist\// : /^\.?\/+/;
  const entries = new Map<string, string>();
  for (const [key, text] of Object.entries(content)) {
    if (typeof text !== "string") throw new Error(`_preloadedContent["${key}"] must be the file's text`);
    entries.set(key.replace(prefix, "").replace(/^\/+/, ""), text);
  }
  return entries;
}
