/**
 * The parse-ahead thread (parse-ahead.ts): claims the site's pages in order, parses each one's body as the build
 * would, and posts the tree. It loads the parser and gray-matter only.
 */
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { readFrontmatterBlock } from "../content/frontmatter-block.ts";
import { bodyParseText, pageBodyText } from "../model/body-text.ts";
import { AHEAD, ASKED, FREE, type ParseAheadInit, type ParsedAhead, WINDOW } from "./parse-ahead.ts";
import { parseBody } from "./parse.ts";

const { root, pages, claims: claimsBuffer, progress: progressBuffer } = workerData as ParseAheadInit;
const claims = new Int32Array(claimsBuffer);
const progress = new Int32Array(progressBuffer);

for (let index = 0; index < pages.length; index++) {
  // Not more than WINDOW pages past the last one the building thread asked for.
  for (let asked = Atomics.load(progress, ASKED); index >= asked + WINDOW; asked = Atomics.load(progress, ASKED)) {
    Atomics.wait(progress, ASKED, asked);
  }
  const page = pages[index]!;
  const block = readFrontmatterBlock(page.source, page.syntax);
  const text = bodyParseText(page, pageBodyText(page, block.body ?? page.source), !block.file);
  if (text === undefined || Atomics.compareExchange(claims, index, FREE, AHEAD) !== FREE) continue;
  const body = parseBody(text, page.syntax, path.join(root, page.sourcePath), page.sourcePath);
  const parsed: ParsedAhead = { index, text, value: String(body.file.value), tree: body.tree, messages: body.messages };
  parentPort!.postMessage(parsed);
}
