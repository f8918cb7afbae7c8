/** Icons from the `icons` registry (SPEC 2.1): raw SVG/HTML strings or preact elements. */
import { isValidElement } from "preact";
import { renderToString } from "preact-render-to-string";
import type { ResolvedConfig } from "../../config/types.ts";

/** HTML for the registered icon, wrapped for styling; empty when the name is not registered. */
export function renderIcon(config: ResolvedConfig, name: string | undefined): string {
  if (!name || !Object.hasOwn(config.icons, name)) return "";
  const icon = config.icons[name];
  let markup = "";
  if (typeof icon === "string") markup = icon;
  else if (isValidElement(icon)) markup = renderToString(icon);
  return markup ? `<span class="q-icon" aria-hidden="true">${markup}</span>` : "";
}
