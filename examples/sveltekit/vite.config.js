import adapter from "@sveltejs/adapter-node";
import { sveltekit } from "@sveltejs/kit/vite";
import { defineConfig } from "vite";

// adapter-node builds the request URL from the Host header and assumes https unless told otherwise. A plain-HTTP
// deployment (like the smoke run on loopback, which builds with the HOST and PORT it will serve on) names the origin
// readers use, so the MCP same-origin check and SvelteKit's CSRF check see the URL the browser sent.
const { ORIGIN, HOST = "127.0.0.1", PORT } = process.env;
const origin = ORIGIN ?? (PORT ? `http://${HOST}:${PORT}` : undefined);

export default defineConfig({ plugins: [sveltekit({ adapter: adapter(), paths: { origin } })] });
