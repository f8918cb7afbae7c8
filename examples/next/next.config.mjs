// A Next.js app with Quire docs through quire/next (issue 18): `next build` and `next dev` build the docs site in
// ../../fixtures/example into ./dist first, and the docs rewrites (MCP aliases, .md, Markdown negotiation, llms,
// discovery) are added to the app's own. Built with webpack: quire is linked from outside this folder (file:../..),
// which Turbopack does not resolve past its root.
import { fileURLToPath } from "node:url";
import { withDocs } from "quire/next";

// This app's own folder is its root (the repository around it has another lockfile Next would pick instead).
const root = fileURLToPath(new URL(".", import.meta.url));

export default withDocs({ outputFileTracingRoot: root }, { root: "../../fixtures/example" });
