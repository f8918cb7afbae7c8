/** SPEC 2.9: a file the site ships in `public/` wins over a generated file at the same public path. */
import type { EmitContext } from "./context.ts";

export function applyPublicFiles(context: EmitContext): void {
  for (const [path, bytes] of context.site.staticFiles.public) context.files.set(path, bytes);
}
