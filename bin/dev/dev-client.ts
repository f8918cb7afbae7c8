/**
 * The browser side of `docs dev` (issue 11), served at `DEV_CLIENT_ROUTE` and linked from every HTML response of
 * the dev server only: the build never contains it (`injectDevClient` runs on served responses, not on dist/).
 * It listens to `DEV_EVENTS_ROUTE`, reloads when its route is in a `reload` event, swaps stylesheets on `css`, and
 * shows or clears the error overlay on `problem` / `fixed` (text only, never parsed as HTML).
 */
export const DEV_EVENTS_ROUTE = "/__quire/dev/events";
export const DEV_CLIENT_ROUTE = "/__quire/dev/client.js";
export const DEV_OVERLAY_ID = "quire-dev-overlay";

const TAG = `<script type="module" src="${DEV_CLIENT_ROUTE}"></script>`;

/** The HTML with the dev client linked before `</body>` (or at the end). */
export function injectDevClient(html: string): string {
  const at = html.lastIndexOf("</body>");
  return at < 0 ? html + TAG : html.slice(0, at) + TAG + html.slice(at);
}

export const DEV_CLIENT_SCRIPT = `// quire docs dev: live reload and build errors (not part of any build)
const overlayId = ${JSON.stringify(DEV_OVERLAY_ID)};
const routeOf = (pathname) => {
  const path = pathname.replace(/\\/index\\.html$/, "").replace(/\\/+$/, "");
  return path === "" ? "/" : path;
};
const here = routeOf(location.pathname);

function showProblem(problem) {
  let box = document.getElementById(overlayId);
  if (!box) {
    box = document.createElement("div");
    box.id = overlayId;
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:32px;background:rgba(20,20,24,.94);color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace";
    document.body.append(box);
  }
  box.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = "Build failed — the last good build is still served";
  title.style.cssText = "margin:0 0 16px;color:#ff6b6b;font:600 18px/1.3 system-ui,sans-serif";
  box.append(title);
  for (const message of problem.messages) {
    const item = document.createElement("pre");
    item.style.cssText = "margin:0 0 14px;white-space:pre-wrap";
    const where = document.createElement("strong");
    where.textContent = message.where;
    item.append(where, " " + message.reason + " [" + message.rule + "]" + (message.hint ? "\\n  " + message.hint : ""));
    box.append(item);
  }
  const foot = document.createElement("p");
  foot.textContent = "Fix the file and save: this page updates by itself.";
  foot.style.cssText = "opacity:.7;font-family:system-ui,sans-serif";
  box.append(foot);
}

function swapStylesheets(swaps) {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    const url = new URL(link.href, location.href);
    const swap = swaps.find((s) => s.from === url.pathname);
    if (!swap) continue;
    const next = link.cloneNode();
    next.href = swap.to + (swap.to === swap.from ? "?t=" + Date.now() : "");
    next.onload = () => link.remove();
    link.after(next);
  }
}

let overlayShown = false;
const events = new EventSource(${JSON.stringify(DEV_EVENTS_ROUTE)});
// Marks the page once the stream is open (tests and the curious wait for it).
events.addEventListener("hello", () => { document.documentElement.dataset.quireDev = "connected"; });
events.addEventListener("reload", (event) => {
  const { routes } = JSON.parse(event.data);
  if (routes.includes(here)) location.reload();
});
events.addEventListener("css", (event) => swapStylesheets(JSON.parse(event.data).swaps));
events.addEventListener("problem", (event) => { overlayShown = true; showProblem(JSON.parse(event.data)); });
events.addEventListener("fixed", () => {
  // The page under the overlay may predate the fix; reload it rather than trust what is on screen.
  document.getElementById(overlayId)?.remove();
  if (overlayShown) location.reload();
});
`;
