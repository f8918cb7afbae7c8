/**
 * Large files made of many texts (issue 11, memory): the search records of an audience (128,000 at 10,000 pages) and
 * llms-full.txt (every page's agent document). Their bytes are `open + parts.join(separator) + close`, to the byte.
 * Where files go straight to disk (a `docs build`, write/staged-dist.ts) each part is written as it is made and the
 * file is never whole in memory; elsewhere (`docs dev`, tests) the parts are encoded into one buffer without being
 * joined into one string first.
 */
import type { OutputFiles } from "../write/write-dist.ts";

/** Takes a file's text part by part. */
export interface PartsWriter {
  write(part: string): void;
  /** Finishes the file; `copies` are more names that get the same bytes. */
  end(...copies: string[]): void;
}

/** Files that can take a file part by part (emit/site-files.ts); undefined when they cannot this time. */
export interface PartsSink {
  openParts(name: string): PartsWriter | undefined;
}

export interface PartsFormat {
  open: string;
  separator: string;
  close: string;
}

/** A writer of `name` in `files`: parts are joined with `format.separator` and wrapped in `open` and `close`. */
export function writeParts(files: OutputFiles, name: string, format: PartsFormat): PartsWriter {
  const sink = (files as Partial<PartsSink>).openParts?.(name);
  if (!sink) return collectedParts(files, name, format);
  let first = true;
  sink.write(format.open);
  return {
    write(part) {
      if (!first) sink.write(format.separator);
      first = false;
      sink.write(part);
    },
    end(...copies) {
      sink.write(format.close);
      sink.end(...copies);
    },
  };
}

function collectedParts(files: OutputFiles, name: string, format: PartsFormat): PartsWriter {
  const parts: string[] = [];
  return {
    write: (part) => parts.push(part),
    end(...copies) {
      const bytes = joinedBytes(parts, format.open, format.separator, format.close);
      for (const target of [name, ...copies]) files.set(target, bytes);
    },
  };
}

/** The UTF-8 bytes of `open + parts.join(separator) + close`, encoded straight from the parts. */
export function joinedBytes(parts: readonly string[], open: string, separator: string, close: string): Buffer {
  let length = Buffer.byteLength(open) + Buffer.byteLength(close);
  const separatorLength = Buffer.byteLength(separator);
  for (const part of parts) length += Buffer.byteLength(part);
  length += separatorLength * Math.max(0, parts.length - 1);
  const bytes = Buffer.allocUnsafe(length);
  let at = bytes.write(open, 0);
  parts.forEach((part, i) => {
    if (i > 0) at += bytes.write(separator, at);
    at += bytes.write(part, at);
  });
  at += bytes.write(close, at);
  if (at !== length) throw new Error(`joinedBytes: wrote ${at} of ${length} bytes`);
  return bytes;
}
