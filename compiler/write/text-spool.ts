/**
 * Texts kept on disk rather than in the heap (issue 11: memory). A `docs build` holds every page's record from the
 * pages pass until the pages and site files are made; the long texts of a record (its HTML, its agent Markdown, its
 * search chunks' text) are most of it, and each is read once or twice. A spool appends them to one file and hands
 * back where each went; reading one decodes it again.
 *
 * The file is made beside the output folder and unlinked at once, so it never shows in a listing and nothing is left
 * behind however the process ends; the open descriptor keeps its bytes readable. It is closed once the spool object
 * is collected (nothing can read from it any more) or by `close()`.
 */
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

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
    const file = path.join(dir, `.quire-tmp-spool-${randomBytes(4).toString("hex")}`);
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
