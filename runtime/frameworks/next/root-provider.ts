/**
 * `RootProvider` and `SearchButton` (SPEC 4.7 adapter-react-app, issue 18): Quire's client in a Next.js app — the
 * search dialog (Ctrl/⌘-K, "/", any `SearchButton`), Ask AI when the site has it, and the copy buttons and tabs of
 * the docs content. `RootProvider` is an async server component for the root layout: it renders the app's children,
 * then the settings and deferred scripts the built pages load (page-data.ts `DocsClient`), so the scripts run once
 * the page is parsed. The elements are made with the app's own React, imported on first render; quire does not
 * depend on React.
 *
 * Quire's client changes the page when it runs, before React hydrates it: `<html>` gets the `q-js` class and the
 * docs content its copy buttons. Mark both `suppressHydrationWarning`, as for any script that themes the page.
 *
 * ```jsx
 * // app/layout.jsx
 * <html lang="en" suppressHydrationWarning><body><RootProvider docs={docs}>{children}</RootProvider></body></html>
 * // anywhere in a header
 * <SearchButton />
 * ```
 */
import { SEARCH_PAGE_ROUTE } from "../../contract/index.ts";
import type { DocsClient } from "../page-data.ts";

export interface RootProviderProps {
  /** The app's `createDocsLayout(...)` object (or anything with its `client`). */
  docs: { client(locale?: string): Promise<DocsClient> };
  /** The locale whose search and Ask AI endpoints the client uses (sites with `i18n`). */
  locale?: string;
  children?: unknown;
}

/**
 * What the components return: a React element of the app's React, whose types quire does not install. `any` is the
 * one type a TSX call site accepts for it whatever `@types/react` version the app has.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
type AppReactNode = any;

type CreateElement = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;

let react: Promise<{ createElement: CreateElement; Fragment: unknown }> | undefined;
const reactOnce = () => (react ??= import("react"));

export async function RootProvider({ docs, locale, children }: RootProviderProps): Promise<AppReactNode> {
  const [{ createElement, Fragment }, client] = await Promise.all([reactOnce(), docs.client(locale)]);
  return createElement(
    Fragment,
    null,
    children,
    ...Object.entries(client.settings).map(([id, json]) =>
      createElement("script", { key: id, type: "application/json", id, dangerouslySetInnerHTML: { __html: json } }),
    ),
    ...client.scripts.map((src) => createElement("script", { key: src, src, defer: true })),
  );
}

export interface SearchButtonProps {
  /** The visible label. Default "Search". */
  label?: string;
  className?: string;
}

/** The header's search button: a link to the search page until Quire's client turns it into the dialog's opener. */
export async function SearchButton({ label = "Search", className }: SearchButtonProps = {}): Promise<AppReactNode> {
  const { createElement } = await reactOnce();
  return createElement(
    "a",
    {
      className: ["q-search-button", className].filter(Boolean).join(" "),
      href: SEARCH_PAGE_ROUTE,
      "data-q-search": "",
      "aria-keyshortcuts": "Control+K Meta+K /",
      // The client marks the button (aria-haspopup) before React hydrates the page.
      suppressHydrationWarning: true,
    },
    createElement("span", { className: "q-search-label" }, label),
    createElement("kbd", { className: "q-search-kbd" }, "Ctrl K"),
  );
}
