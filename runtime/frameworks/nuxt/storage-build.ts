/**
 * Reads a docs build out of Nitro storage (unstorage) into `_preloadedContent` form: `dist`-relative path → text.
 * unstorage keys use `:` for `/`; raw reads are used because `getItem` parses JSON files.
 */
export interface StorageLike {
  getKeys(base?: string): Promise<string[]>;
  getItemRaw(key: string): Promise<unknown>;
}

/** Files the runtime reads from the store; binary assets (images, fonts) are served by the app from `public/`. */
const TEXT =
  /\.(?:json|md|mdx|txt|html|xml|mjs|js|css|svg|yaml|yml|webmanifest)$|(?:^|\/)_headers$|(?:^|\/)_redirects$/;

export async function readStorageBuild(storage: StorageLike, name: string): Promise<Record<string, string>> {
  const keys = await storage.getKeys();
  const content: Record<string, string> = {};
  const decoder = new TextDecoder();
  await Promise.all(
    keys.map(async (key) => {
      const path = key.replace(/:/g, "/");
      if (!TEXT.test(path)) return;
      const raw = await storage.getItemRaw(key);
      if (typeof raw === "string") content[path] = raw;
      else if (raw instanceof Uint8Array) content[path] = decoder.decode(raw);
      else if (raw instanceof ArrayBuffer) content[path] = decoder.decode(new Uint8Array(raw));
    }),
  );
  if (!content["_docs/site.json"]) {
    throw new Error(
      `storage "${name}" holds no docs build (_docs/site.json missing among ${keys.length} keys): add ` +
        `nitro.serverAssets [{ baseName: "docs", dir: "<project>/dist" }] and run \`docs build\` before \`nuxt build\``,
    );
  }
  return content;
}
