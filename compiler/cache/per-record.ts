/**
 * Remembers what a pure function derived from a page record, per record object and options. The page cache hands
 * `docs dev` the same deeply frozen record for an unchanged page build after build (page-cache.ts), so an unchanged
 * page's derived text is computed once per dev session; an edited page is a new record and misses. Only frozen
 * records are remembered: one that is not frozen could still change, and is computed afresh every call. A record
 * keeps the values of its last `keys` options keys only (default one): a long dev session changes the site many
 * times, and every page's HTML for each of them would soon outweigh the site.
 */
export function perRecord<Record extends object, Options, Value>(
  derive: (record: Record, options: Options) => Value,
  keyOf: (options: Options) => string,
  keys = 1,
): (record: Record, options: Options) => Value {
  const remembered = new WeakMap<Record, Map<string, Value>>();
  return (record, options) => {
    if (!Object.isFrozen(record)) return derive(record, options);
    const key = keyOf(options);
    let values = remembered.get(record);
    if (!values) remembered.set(record, (values = new Map()));
    if (values.has(key)) return values.get(key)!;
    const value = derive(record, options);
    values.set(key, value);
    if (values.size > keys) values.delete(values.keys().next().value!);
    return value;
  };
}

/** `perRecord` for a function of the record alone. */
export function oncePerRecord<Record extends object, Value>(
  derive: (record: Record) => Value,
): (record: Record) => Value {
  const remembered = perRecord(
    (record: Record) => derive(record),
    () => "",
  );
  return (record) => remembered(record, undefined);
}
