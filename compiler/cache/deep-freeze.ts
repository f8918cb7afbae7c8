/**
 * Freezes a page record and everything it holds (objects, arrays, Maps' and Sets' entries), so a record kept in
 * memory between builds (page-cache.ts) is the same object every build reads: no pass can alter what the next build
 * sees, and one that tried would throw (modules are strict) instead of corrupting a later build. Maps and Sets
 * themselves stay mutable in JavaScript even when frozen; nothing in the compiler writes to a record's.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (value instanceof Map)
    for (const [key, entry] of value) {
      deepFreeze(key);
      deepFreeze(entry);
    }
  else if (value instanceof Set) for (const entry of value) deepFreeze(entry);
  else for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
