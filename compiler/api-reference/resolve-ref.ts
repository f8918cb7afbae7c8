/** Follows internal `$ref`s (`#/components/…`) of a bundled contract (SPEC 2.15), stopping at cycles and unknown targets. */

const MAX_HOPS = 32;

export function resolveRef(document: Record<string, unknown>, value: unknown): unknown {
  let current = value;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const ref = refOf(current);
    if (ref === undefined) return current;
    const target = pointerTarget(document, ref);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

/** The `$ref` string of a reference object, if it is one. */
export function refOf(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && typeof (value as { $ref?: unknown }).$ref === "string"
    ? (value as { $ref: string }).$ref
    : undefined;
}

/** `#/a/b~1c` → document.a["b/c"]; undefined for external or dangling pointers. */
export function pointerTarget(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  const tokens = ref
    .slice(1)
    .split("/")
    .slice(1)
    .map((token) => decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~"));
  let current: unknown = document;
  for (const token of tokens) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
