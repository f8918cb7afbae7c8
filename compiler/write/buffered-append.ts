/**
 * Appends texts to an open file through a 1 MiB buffer: a write per megabyte, not per text (a page's texts are tens
 * of kilobytes, and each write is a syscall). Used by the build's text spool (text-spool.ts) and by files written
 * part by part (staged-dist.ts `openParts`).
 */
import { writeSync } from "node:fs";

const BUFFER_BYTES = 1 << 20;

export class BufferedAppend {
  /** Bytes in the file; what was appended at or past it is still in the buffer. */
  flushed = 0;
  private readonly buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;

  /** `written` sees every piece of bytes as it goes to the file, in order (a hash of the file, say). */
  constructor(
    private readonly fd: number,
    private readonly written?: (bytes: Uint8Array) => void,
  ) {}

  /** Bytes appended so far, on disk or not. */
  get size(): number {
    return this.flushed + this.used;
  }

  /** Appends `text` as UTF-8; returns where its bytes start and how many there are. */
  append(text: string): { at: number; bytes: number } {
    const most = text.length * 3;
    if (this.used + most > BUFFER_BYTES) this.flush();
    const at = this.size;
    if (most > BUFFER_BYTES) {
      const bytes = Buffer.from(text, "utf8");
      this.put(bytes);
      return { at, bytes: bytes.byteLength };
    }
    const bytes = this.buffer.write(text, this.used, "utf8");
    this.used += bytes;
    return { at, bytes };
  }

  /** Appends `bytes` as they are; returns where they start and how many there are. */
  appendBytes(bytes: Uint8Array): { at: number; bytes: number } {
    if (this.used + bytes.byteLength > BUFFER_BYTES) this.flush();
    const at = this.size;
    if (bytes.byteLength > BUFFER_BYTES) this.put(bytes);
    else {
      this.buffer.set(bytes, this.used);
      this.used += bytes.byteLength;
    }
    return { at, bytes: bytes.byteLength };
  }

  /** The text of `bytes` bytes at `at`, which must be at or past `flushed` (still in the buffer). */
  buffered(at: number, bytes: number): string {
    const start = at - this.flushed;
    return this.buffer.toString("utf8", start, start + bytes);
  }

  /** A copy of the `bytes` bytes at `at`, which must be at or past `flushed` (still in the buffer). */
  bufferedBytes(at: number, bytes: number): Buffer {
    const start = at - this.flushed;
    return Buffer.from(this.buffer.subarray(start, start + bytes));
  }

  flush(): void {
    const used = this.used;
    this.used = 0;
    if (used > 0) this.put(this.buffer.subarray(0, used));
  }

  private put(bytes: Uint8Array): void {
    for (let done = 0; done < bytes.byteLength; )
      done += writeSync(this.fd, bytes, done, bytes.byteLength - done, this.flushed + done);
    this.written?.(bytes);
    this.flushed += bytes.byteLength;
  }
}
