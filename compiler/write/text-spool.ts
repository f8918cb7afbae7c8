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
import { closeSync, mkdirSync, openSync, readSync, unlinkSync } from "node:fs";
import path from "node:path";
import { BufferedAppend } from "./buffered-append.ts";
import { tempName } from "./temp-folders.ts";

/** Where one text went. */
export interface SpooledText {
  at: number;
  bytes: number;
}

const openSpools = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
});

export class TextSpool {
  private readonly file: BufferedAppend;
  private closed = false;

  private constructor(private readonly fd: number) {
    this.file = new BufferedAppend(fd);
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
    return this.file.append(text);
  }

  /** Appends bytes as they are (a serialized record, say); `readBytes` gives them back. */
  putBytes(bytes: Uint8Array): SpooledText {
    if (this.closed) throw new Error("TextSpool: put after close");
    return this.file.appendBytes(bytes);
  }

  read(text: SpooledText): string {
    if (this.closed) throw new Error("TextSpool: read after close");
    if (text.at >= this.file.flushed) return this.file.buffered(text.at, text.bytes);
    return this.fromFile(text).toString("utf8");
  }

  readBytes(place: SpooledText): Buffer {
    if (this.closed) throw new Error("TextSpool: read after close");
    if (place.at >= this.file.flushed) return this.file.bufferedBytes(place.at, place.bytes);
    return this.fromFile(place);
  }

  private fromFile(place: SpooledText): Buffer {
    const bytes = Buffer.allocUnsafe(place.bytes);
    for (let done = 0; done < place.bytes; ) {
      const read = readSync(this.fd, bytes, done, place.bytes - done, place.at + done);
      if (read === 0) throw new Error(`TextSpool: ${place.bytes} bytes at ${place.at} are past the end of the file`);
      done += read;
    }
    return bytes;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    openSpools.unregister(this);
    closeSync(this.fd);
  }
}

/** Shorter texts stay as they are: a spooled text's place costs about what a short string does. */
const SPOOLED_CHARS = 256;

/** Whether `value` is a text long enough to be worth its place in a spool. */
export function spoolable(value: unknown): value is string {
  return typeof value === "string" && value.length >= SPOOLED_CHARS;
}

type Places = WeakMap<object, { spool: TextSpool; text: SpooledText }>;

/**
 * Per key: where each record's spooled text is, and the accessor that reads it (one getter and setter per key serve
 * every record).
 */
const spooledKeys = new Map<string, { places: Places; accessor: PropertyDescriptor }>();

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
  if (!spoolable(text) || Object.isFrozen(record)) return record;
  return placedCopy(record, key, spool.put(text), spool);
}

/** `spooledCopy` for a text already in `spool` at `place`: the copy's `key` reads it from there. */
export function placedCopy<Record extends object>(
  record: Record,
  key: string & keyof Record,
  place: SpooledText,
  spool: TextSpool,
): Record {
  const copy = {} as Record;
  for (const own of Object.keys(record) as (string & keyof Record)[]) {
    if (own === key) placeProperty(copy, key, place, spool);
    else copy[own] = record[own];
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
  if (!spoolable(text) || Object.isFrozen(record)) return;
  placeProperty(record, key, spool.put(text), spool);
}

/** `spoolProperty` for a text already in `spool` at `place`. */
export function placeProperty(record: object, key: string, place: SpooledText, spool: TextSpool): void {
  const { places, accessor } = spooledKey(key);
  places.set(record, { spool, text: place });
  Object.defineProperty(record, key, accessor);
}

function spooledKey(key: string): { places: Places; accessor: PropertyDescriptor } {
  let known = spooledKeys.get(key);
  if (!known) {
    const places: Places = new WeakMap();
    const accessor: PropertyDescriptor = {
      get(this: object) {
        const place = places.get(this);
        return place?.spool.read(place.text);
      },
      set(this: object, value: string) {
        places.delete(this);
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: true,
      configurable: true,
    };
    spooledKeys.set(key, (known = { places, accessor }));
  }
  return known;
}
