/** `docs diff --format text` (issue 11): the terminal report, groups first, then per-page detail. */
import { describeDetail } from "./describe-detail.ts";
import { hasChanges, type DistDiff } from "./model.ts";

/** Entries listed per group and status before "and N more". */
const SHOWN_ENTRIES = 20;

export function renderDiffText(diff: DistDiff): string {
  const lines = [`docs diff: ${diff.old.label} → ${diff.new.label}`];
  if (!hasChanges(diff)) return `${lines[0]}\nno changes (${diff.new.files} files, ${diff.new.pages} pages)\n`;
  lines.push(summaryLine(diff), "");
  for (const group of diff.groups) {
    const layout = new Set(group.layoutOnly);
    const changed = group.changed.filter((entry) => !layout.has(entry));
    if (group.added.length + group.changed.length + group.removed.length === 0) continue;
    lines.push(`${group.label}  (${counts(group.added.length, group.changed.length, group.removed.length)})`);
    lines.push(...entries("+", group.added), ...entries("~", changed), ...entries("-", group.removed));
    if (layout.size > 0)
      lines.push(
        `  ~ ${layout.size} page${layout.size === 1 ? "" : "s"} changed only in shared layout (navigation, prev/next, asset links)`,
      );
    lines.push("");
  }
  if (diff.renamedAssets.length > 0) {
    lines.push(
      `Assets changed: ${diff.renamedAssets.map((r) => `${r.logical} (${baseName(r.from)} → ${baseName(r.to)})`).join(", ")}`,
      "",
    );
  }
  if (diff.pages.length > 0) {
    lines.push("Pages");
    for (const page of diff.pages) {
      const sign = page.status === "added" ? "+" : page.status === "removed" ? "-" : "~";
      lines.push(`  ${sign} ${page.route}  "${page.title}"${page.status === "changed" ? "" : `  (${page.status})`}`);
      for (const detail of page.details) {
        const { headline, lines: more } = describeDetail(detail, {
          quote: (text) => JSON.stringify(text),
          name: (text) => text,
        });
        lines.push(`      ${headline}`, ...more.map((line) => `        ${line}`));
      }
    }
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

export function summaryLine(diff: DistDiff): string {
  const pages = diff.pages;
  const by = (status: string) => pages.filter((page) => page.status === status).length;
  return `${counts(diff.totals.added, diff.totals.changed, diff.totals.removed)} files; pages: ${counts(by("added"), by("changed"), by("removed"))}`;
}

function counts(added: number, changed: number, removed: number): string {
  return `${added} added, ${changed} changed, ${removed} removed`;
}

function entries(sign: string, items: string[]): string[] {
  const shown = items.slice(0, SHOWN_ENTRIES).map((item) => `  ${sign} ${item}`);
  return items.length > SHOWN_ENTRIES ? [...shown, `  ${sign} … and ${items.length - SHOWN_ENTRIES} more`] : shown;
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1);
}
