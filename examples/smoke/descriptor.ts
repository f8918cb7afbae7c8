/**
 * `examples/<name>/smoke.json`: what `examples/run.ts` needs to know about an example beyond its npm scripts. The
 * example's package.json has a `build` script (the framework's own CLI) and a `start` script that serves the
 * production build on `$HOST:$PORT`. Every field is optional; `{}` is a valid descriptor.
 */
import { readFileSync } from "node:fs";

export interface SmokeDescriptor {
  /** Where the docs are mounted in the app. Default `/docs`. */
  docsPath: string;
  /** The page the checks read, under `docsPath`. Default `getting-started/installation`. */
  page: string;
  /** A path that answers once the server is up. Default `<docsPath>/<page>`. */
  readyPath: string;
  /** How long `npm start` may take to answer. Default 60 s. */
  startTimeoutSeconds: number;
  /** Extra environment for `npm run build` and `npm start`. */
  env: Record<string, string>;
  /**
   * `22`: the example's CLI needs Node 22 (wrangler does); the runner puts tools/node22's binary first on PATH for
   * every step. Default: the Node running the runner.
   */
  node: 22 | null;
  /**
   * `true`: the app's layout loads Quire's client (quire/next's `RootProvider`); the runner checks its scripts over
   * HTTP and opens the search dialog in Chromium. Default `false`.
   */
  client: boolean;
  /**
   * `true`: after the production server, `npm run dev` (the framework's dev server on `$HOST:$PORT`) gets the same
   * checks. Default `false`.
   */
  dev: boolean;
}

const KEYS = new Set(["docsPath", "page", "readyPath", "startTimeoutSeconds", "env", "node", "client", "dev"]);

export function readDescriptor(file: string): SmokeDescriptor {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: not readable JSON (${(error as Error).message})`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error(`${file}: expected an object`);
  for (const key of Object.keys(raw)) {
    if (!KEYS.has(key)) throw new Error(`${file}: unknown key "${key}" (known: ${[...KEYS].join(", ")})`);
  }
  const text = (key: string, fallback: string) => {
    const value = raw[key] ?? fallback;
    if (typeof value !== "string") throw new Error(`${file}: "${key}" must be a string`);
    return value;
  };
  const docsPath = text("docsPath", "/docs");
  const page = text("page", "getting-started/installation");
  const seconds = raw.startTimeoutSeconds ?? 60;
  if (typeof seconds !== "number" || !(seconds > 0)) throw new Error(`${file}: "startTimeoutSeconds" must be > 0`);
  const env = raw.env ?? {};
  if (typeof env !== "object" || env === null || Object.values(env).some((value) => typeof value !== "string")) {
    throw new Error(`${file}: "env" must map names to strings`);
  }
  const node = raw.node ?? null;
  if (node !== null && node !== 22) throw new Error(`${file}: "node" must be 22 (the Node in tools/node22)`);
  const client = raw.client ?? false;
  if (typeof client !== "boolean") throw new Error(`${file}: "client" must be true or false`);
  const dev = raw.dev ?? false;
  if (typeof dev !== "boolean") throw new Error(`${file}: "dev" must be true or false`);
  return {
    node,
    client,
    dev,
    docsPath,
    page,
    readyPath: text("readyPath", `${docsPath.replace(/\/+$/, "")}/${page}`),
    startTimeoutSeconds: seconds,
    env: env as Record<string, string>,
  };
}
