/**
 * A large file made of many texts, as UTF-8 bytes written straight from the parts (issue 11, memory): joining
 * 128,000 search records at 10,000 pages makes a 40–80 MB string, and writing it a copy of as many bytes again. The
 * bytes are `open + parts.join(separator) + close`, encoded, to the byte.
 */
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
