// An Astro server app with Quire docs through quire/astro (issue 18). `docs build` writes the docs to dist/, so the
// app's own build goes to build/.
import node from "@astrojs/node";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "server",
  outDir: "./build",
  adapter: node({ mode: "standalone" }),
});
