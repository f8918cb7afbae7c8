/**
 * A deep copy of a syntax tree (mdast, hast, the estree of MDX expressions): plain objects and arrays are copied,
 * anything else (a RegExp or BigInt literal's value, a typed array) goes through `structuredClone`. The copy is
 * what `structuredClone(tree)` gives, except that an object the tree reaches twice is copied twice; a parsed tree
 * reaches none twice. ~3× faster than `structuredClone`, which serializes and parses the whole tree
 * (`projectAudience` copies each page's tree once per audience).
 */
export function cloneTree<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = cloneTree(value[i]);
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneTree((value as Record<string, unknown>)[key]);
  return copy as T;
}
