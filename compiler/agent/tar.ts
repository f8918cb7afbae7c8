/**
 * A POSIX ustar archive of in-memory files, deterministic for `docs agent export --format tar`: entries sorted by
 * path, mtime 0, uid/gid 0, mode 0644, no user names. Paths longer than 100 bytes use the ustar prefix field.
 */

const BLOCK = 512;

export function writeTar(files: Map<string, Uint8Array>): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const name of [...files.keys()].sort()) {
    const data = files.get(name)!;
    chunks.push(header(name, data.byteLength), data, new Uint8Array((BLOCK - (data.byteLength % BLOCK)) % BLOCK));
  }
  chunks.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function header(name: string, size: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const encoder = new TextEncoder();
  const bytes = encoder.encode(name);
  let prefix = new Uint8Array(0);
  let base = bytes;
  if (bytes.byteLength > 100) {
    const slash = name.lastIndexOf("/", name.length - 1);
    const split = encoder.encode(name.slice(0, slash)).byteLength;
    if (slash < 0 || split > 155 || bytes.byteLength - split - 1 > 100)
      throw new Error(`path too long for a tar entry: ${name}`);
    prefix = bytes.slice(0, split);
    base = bytes.slice(split + 1);
  }
  const put = (text: Uint8Array | string, at: number) =>
    block.set(typeof text === "string" ? encoder.encode(text) : text, at);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0") + "\0";
  put(base, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(0, 12), 136);
  put("        ", 148);
  put("0", 156);
  put("ustar\0", 257);
  put("00", 263);
  put(prefix, 345);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(sum.toString(8).padStart(6, "0") + "\0 ", 148);
  return block;
}
