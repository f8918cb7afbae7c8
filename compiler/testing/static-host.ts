/**
 * A minimal static host over a built `dist/` for browser tests and scripts: `/route` → `route/index.html`,
 * `/route.md` → the file, like the hosts users deploy to; unknown paths get `404.html` with status 404.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".xml": "application/xml",
};

export interface StaticHost {
  origin: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticHost> {
  const server: Server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    for (const candidate of [pathname, path.posix.join(pathname, "index.html")]) {
      const file = path.join(root, path.normalize(candidate));
      if (!file.startsWith(root)) break;
      try {
        const body = await readFile(file);
        response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
        response.end(body);
        return;
      } catch {
        // try the next candidate
      }
    }
    const notFound = await readFile(path.join(root, "404.html")).catch(() => null);
    response.writeHead(404, { "content-type": TYPES[".html"] }).end(notFound ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
