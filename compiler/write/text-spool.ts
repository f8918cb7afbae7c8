/**
 * Texts kept on disk rather than in the heap (issue 11: memory). A `docs build` holds every page's record from the
 * pages pass until the pages and site files are made; the long texts of a record (its HTML, its agent Markdown, its
 * search chunks' text) are most of it, and each is read once or twice. A spool appends them to one file and hands
 * back where each went; reading one decodes it again.
 *
 * `spoolProperty` moves a record's text property into a spool in place, so that code reading the record need not know.
 *
 * The file is made beside the output folder and unlinked at once, so it never shows in a listing and nothing is left
 * behind however the process ends; the open descriptor keeps its bytes readable. It is closed once the spool object
 * is collected (nothing can read from it any more) or by `close()`.
 */
import { closeSync, mkdirSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { tempName } from "./staged-dist.ts";

/** Where one text went. */
export interface SpooledText {
  at: number;
  bytes: number;
}

/** Bytes gathered before one write: a page's texts are tens of kilobytes, and a write per text costs a syscall. */
const BUFFER_BYTES = 1 << 20;

const openSpools = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
});

export class TextSpool {
  /** Bytes on disk; texts at or past it are still in `pending`. */
  private flushed = 0;
  private readonly pending = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;
  private closed = false;

  private constructor(private readonly fd: number) {
    openSpools.register(this, fd, this);
  }

  /** A spool whose file is made in `dir` (created if missing) and unlinked at once. */
  static open(dir: string): TextSpool {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, tempName("tmp", "spool-"));
    const fd = openSync(file, "wx+", 0o600);
    try {
      unlinkSync(file);
    } catch {
      // A system that cannot unlink an open file leaves it to be removed with the temp folders; reads still work.
    }
    return new TextSpool(fd);
  }

  put(text: string): SpooledText {
    if (this.closed) throw new Error("TextSpool: put after close");
    const most = text.length * 3;
    if (this.used + most > BUFFER_BYTES) this.flush();
    if (most > BUFFER_BYTES) {
      const bytes = Buffer.from(text, "utf8");
      writeSync(this.fd, bytes, 0, bytes.byteLength, this.flushed);
      const at = this.flushed;
      this.flushed += bytes.byteLength;
      return { at, bytes: bytes.byteLength };
    }
    const bytes = this.pending.write(text, this.used, "utf8");
    const at = this.flushed + this.used;
    this.used += bytes;
    return { at, bytes };
  }

  read(text: SpooledText): string {
    if (this.closed) throw new Error("TextSpool: read after close");
    if (text.at >= this.flushed) {
      const start = text.at - this.flushed;
      return this.pending.toString("utf8", start, start + text.bytes);
    }
    const bytes = Buffer.allocUnsafe(text.bytes);
    for (let done = 0; done < text.bytes; ) {
      const read = readSync(this.fd, bytes, done, text.bytes - done, text.at + done);
      if (read === 0) throw new Error(`TextSpool: ${text.bytes} bytes at ${text.at} are past the end of the file`);
      done += read;
    }
    return bytes.toString("utf8");
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    openSpools.unregister(this);
    closeSync(this.fd);
  }

  private flush(): void {
    for (let done = 0; done < this.used; )
      done += writeSync(this.fd, this.pending, done, this.used - done, this.flushed + done);
    this.flushed += this.used;
    this.used = 0;
  }
}

/** Shorter texts stay as they are: a spooled text's place costs about what a short string does. */
const SPOOLED_CHARS = 256;

/** Where a spooled property's text is, per key, by record: one getter and setter per key serve every record. */
const places = new Map<string, WeakMap<object, { spool: TextSpool; text: SpooledText }>>();
const accessors = new Map<string, PropertyDescriptor>();

/**
 * A copy of `record` whose `key`, when it holds a long text, reads it from `spool`: the same keys in the same order,
 * the accessor defined as the copy is built. Unlike `spoolProperty`, which turns the record into a slow, dictionary
 * object (~400 bytes more: at 10,000 pages ~50 MB over the search chunks), the copy keeps a fast shape shared with
 * every copy made the same way. For records nothing else refers to yet.
 */
export function spooledCopy<Record extends object>(
  record: Record,
  key: string & keyof Record,
  spool: TextSpool,
): Record {
  const text = record[key];
  if (typeof text !== "string" || text.length < SPOOLED_CHARS || Object.isFrozen(record)) return record;
  const copy = {} as Record;
  for (const own of Object.keys(record) as (string & keyof Record)[]) {
    if (own === key) {
      placesOf(key).set(copy, { spool, text: spool.put(text) });
      Object.defineProperty(copy, key, accessors.get(key)!);
    } else copy[own] = record[own];
  }
  return copy;
}

/**
 * Moves `record[key]` into `spool` when it is a long text, in place: the property becomes an accessor that reads the
 * text back when asked (and a plain property again when assigned). It keeps its place among the record's keys, so
 * the record reads, serializes (`JSON.stringify`, `v8.serialize`) and compares as before. A frozen record (one a
 * long-lived page cache hands out) stays as it is.
 */
export function spoolProperty<Key extends string>(record: { [key in Key]: string }, key: Key, spool: TextSpool): void {
  const text = record[key];
  if (typeof text !== "string" || text.length < SPOOLED_CHARS || Object.isFrozen(record)) return;
  placesOf(key).set(record, { spool, text: spool.put(text) });
  Object.defineProperty(record, key, accessors.get(key)!);
}

/** The places of `key`'s spooled texts, and (made with them) the accessor that reads them. */
function placesOf(key: string): WeakMap<object, { spool: TextSpool; text: SpooledText }> {
  let byRecord = places.get(key);
  if (!byRecord) {
    const made = new WeakMap<object, { spool: TextSpool; text: SpooledText }>();
    byRecord = made;
    places.set(key, made);
    accessors.set(key, {
      get(this: object) {
        const place = made.get(this);
        return place?.spool.read(place.text);
      },
      set(this: object, value: string) {
        made.delete(this);
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: true,
      configurable: true,
    });
  }
  return byRecord;
}
