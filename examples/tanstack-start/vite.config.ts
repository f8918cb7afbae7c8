import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import viteReact from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The app builds into build/ so that dist/ stays the docs build (`docs build --out dist`).
export default defineConfig({ build: { outDir: "build" }, plugins: [tanstackStart(), viteReact()] });
