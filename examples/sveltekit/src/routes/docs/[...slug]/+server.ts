// The same URLs for agents (SvelteKit sends non-HTML requests here): `.md`, `Accept: text/markdown`.
import { docs } from "#lib/server/docs.ts";

export const { GET, POST, fallback } = docs;
