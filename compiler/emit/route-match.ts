/** URL matchers of `llmsTxt.sections[].match` (SPEC 2.9): `*` within a segment, `**` across segments. */

export function matchesRoute(pattern: string, route: string): boolean {
  return globToRegExp(pattern).test(route);
}

function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "*" && pattern[i + 1] === "*") {
      // `/docs/api/**` also matches `/docs/api` itself.
      if (source.endsWith("/") && i + 2 === pattern.length) source = `${source.slice(0, -1)}(?:/.*)?`;
      // `/docs/**/install` also matches `/docs/install`.
      else if (pattern[i + 2] === "/") {
        source += "(?:.*/)?";
        i++;
      } else source += ".*";
      i++;
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** The literal folder before the first wildcard: `/docs/api/**` → `/docs/api`, where the section's files live. */
export function matchPrefix(pattern: string): string {
  const wildcard = pattern.search(/[*?]/);
  const literal = wildcard < 0 ? pattern : pattern.slice(0, wildcard);
  const folder = wildcard < 0 ? literal : literal.slice(0, literal.lastIndexOf("/") + 1);
  return folder.replace(/\/+$/, "") || "/";
}
