/** A Cloudflare-style static-assets binding (`env.ASSETS.fetch`) as a store; only Web APIs. */
import type { DocsStore } from "./types.ts";

export interface AssetsFetcher {
  fetch(request: Request): Promise<Response>;
}

export function createAssetsStore(assets: AssetsFetcher, origin = "https://assets.invalid"): DocsStore {
  return {
    async readText(path) {
      const response = await assets.fetch(new Request(new URL(path.replace(/^\/+/, ""), `${origin}/`)));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`assets store: ${response.status} for ${path}`);
      return response.text();
    },
  };
}
