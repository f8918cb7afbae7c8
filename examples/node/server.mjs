// The docs runtime inside your own node:http server: the handler answers docs URLs, your code everything else.
import { createServer } from "node:http";
import { createDocsHandler } from "quire/runtime";
import { createDirectoryStore, createNodeListener, loadFeedbackValidator } from "quire/runtime/node";

const dist = new URL("./dist", import.meta.url).pathname;
const docs = createNodeListener(
  createDocsHandler({ store: createDirectoryStore(dist), validateFeedback: await loadFeedbackValidator(dist) }),
);

const server = createServer((req, res) => {
  if (req.url === "/healthz") return res.end("ok");
  // Anything the docs do not own falls through to `next`: here, a plain 404 of the app's own.
  docs(req, res, () => res.writeHead(404, { "content-type": "text/plain" }).end("not found (app)"));
});
server.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`docs on http://${process.env.HOST ?? "127.0.0.1"}:${server.address().port}/docs`);
});
