/** The build's card for one page: its title, description and location, in the site's accent (runtime/og/card.ts). */
import { accentOf, type CardInputs, clip, MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS } from "../../../runtime/og/card.ts";
import type { ResolvedConfig } from "../../config/types.ts";
import type { Page } from "../../model/types.ts";

export function cardInputsOf(page: Page, config: ResolvedConfig): CardInputs {
  const description = page.frontmatter.description ?? config.metadata.description;
  const host = config.baseUrl?.replace(/^[a-z]+:\/\//i, "");
  return {
    siteTitle: config.title,
    title: clip(page.frontmatter.title, MAX_TITLE_CHARS),
    ...(description ? { description: clip(description, MAX_DESCRIPTION_CHARS) } : {}),
    location: host ? `${host}${page.route === "/" ? "" : page.route}` : page.route,
    accent: accentOf(config.theme.colors.primary),
  };
}
