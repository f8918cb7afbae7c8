// The docs runtime as Express middleware: your routes first, then the docs; what the docs do not own goes on to
// the rest of your app (here, its own 404).
import express from "express";
import { createDocsHandler } from "quire/runtime";
import { createDirectoryStore, createNodeListener, createStaticFiles, loadFeedbackValidator } from "quire/runtime/node";

const dist = new URL("./dist", import.meta.url).pathname;
const docs = createNodeListener(
  createDocsHandler({
    store: createDirectoryStore(dist),
    validateFeedback: await loadFeedbackValidator(dist),
    fallback: createStaticFiles(dist),
  }),
);

const app = express();
app.get("/", (_req, res) => res.send("An app with docs at <a href='/docs'>/docs</a>"));
app.use(docs);
app.use((_req, res) => res.status(404).type("text/plain").send("Not found (app)"));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
app.listen(port, host, () => console.log(`docs on http://${host}:${port}/docs`));
