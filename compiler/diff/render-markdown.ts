/**
 * `docs diff --format markdown` (issue 11): a pull-request comment. A summary line, a table of counts per artifact
 * group, then collapsible `<details>` blocks: the per-page detail (open) and one per group that changed.
 */
import { describeDetail } from "./describe-detail.ts";
import { hasChanges, type DistDiff } from "./model.ts";
import { summaryLine } from "./render-text.ts";

/** Entries per group and pages with detail listed before "and N more": a comment stays within a forge's limit. */
const SHOWN_ENTRIES = 100;
const SHOWN_PAGES = 50;
const SIGNS = { added: "➕", changed: "✏️", removed: "➖" } as const;

export function renderDiffMarkdown(diff: DistDiff): string {
  const out = [`### Docs diff: ${code(diff.old.label)} → ${code(diff.new.label)}`, ""];
  if (!hasChanges(diff)) {
    out.push(`No changes (${diff.new.files} files, ${diff.new.pages} pages).`);
    return `${out.join("\n")}\n`;
  }
  const assets =
    diff.renamedAssets.length > 0
      ? ` · assets changed: ${diff.renamedAssets.map((r) => code(r.logical)).join(", ")}`
      : "";
  out.push(`**${summaryLine(diff)}**${assets}`, "");
  out.push("| Group | Added | Changed | Removed |", "|---|---:|---:|---:|");
  for (const group of diff.groups) {
    const total = group.added.length + group.changed.length + group.removed.length;
    if (total === 0) continue;
    const layout = group.layoutOnly.length > 0 ? ` (${group.layoutOnly.length} layout only)` : "";
    out.push(`| ${group.label} | ${group.added.length} | ${group.changed.length}${layout} | ${group.removed.length} |`);
  }
  out.push("");
  if (diff.pages.length > 0) {
    out.push("<details open>", `<summary><b>Pages</b>: what changed in each page (${diff.pages.length})</summary>`, "");
    for (const page of diff.pages.slice(0, SHOWN_PAGES)) {
      const status = page.status === "changed" ? "" : ` (${page.status})`;
      out.push(`- ${SIGNS[page.status]} **${code(page.route)}** ${escapeText(page.title)}${status}`);
      for (const detail of page.details) {
        const { headline, lines } = describeDetail(detail, { quote: code, name: code });
        out.push(`  - ${headline}`, ...lines.map((line) => `    - ${line}`));
      }
    }
    if (diff.pages.length > SHOWN_PAGES)
      out.push(`- … and ${diff.pages.length - SHOWN_PAGES} more pages (\`docs diff --format text\` lists them all)`);
    out.push("", "</details>", "");
  }
  for (const group of diff.groups) {
    const layout = new Set(group.layoutOnly);
    const changed = group.changed.filter((entry) => !layout.has(entry));
    if (group.added.length + group.changed.length + group.removed.length === 0) continue;
    out.push(
      "<details>",
      `<summary><b>${escapeText(group.label)}</b>: ${group.added.length} added, ${group.changed.length} changed, ${group.removed.length} removed</summary>`,
      "",
    );
    out.push(...list("added", group.added), ...list("changed", changed), ...list("removed", group.removed));
    if (layout.size > 0)
      out.push(
        `- ${layout.size} page${layout.size === 1 ? "" : "s"} changed only in shared layout (navigation, prev/next, asset links)`,
      );
    out.push("", "</details>", "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

function list(status: keyof typeof SIGNS, items: string[]): string[] {
  const shown = items.slice(0, SHOWN_ENTRIES).map((item) => `- ${SIGNS[status]} ${code(item)}`);
  return items.length > SHOWN_ENTRIES ? [...shown, `- … and ${items.length - SHOWN_ENTRIES} more ${status}`] : shown;
}

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text.replace(/\n/g, " ")}${pad}${fence}`;
}

/** Text that Markdown and HTML show as written. */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (char) => `\\${char}`).replace(/\n/g, " ");
}
