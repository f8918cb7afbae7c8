/** Turns a generated `.mdx` page into plain Markdown for peer tools: component tags go, `<Agent>` blocks go whole. */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TAG = /<\/?[A-Z][\w.]*(?:\s[^<>]*?)?\/?>/g;
const AGENT_OPEN = /^\s*<(?:Agent|Audience\s+only=["']?agent["']?)\s*>\s*$/;
const AGENT_CLOSE = /^\s*<\/(?:Agent|Audience)>\s*$/;

/** Removes JSX tags from the parts of a line outside inline code. */
const stripTags = (line: string): string =>
  line
    .split(/(`+[^`]*`+)/)
    .map((seg, i) => (i % 2 === 1 ? seg : seg.replace(TAG, "")))
    .join("");

/**
 * Turns an MDX page into plain Markdown: drops `<Agent>` blocks (SPEC 2.7: agent-only content is not for human
 * pages), removes every other component tag but keeps its content. Code fences are left untouched.
 */
export function stripMdx(text: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  let inFrontmatter = text.startsWith("---\n");
  let agentDepth = 0;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inFrontmatter) {
      out.push(line);
      if (i > 0 && line === "---") inFrontmatter = false;
      continue;
    }
    const m = FENCE.exec(line);
    if (fence !== null) {
      if (agentDepth === 0) out.push(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
      continue;
    }
    if (m) {
      fence = m[1]!;
      if (agentDepth === 0) out.push(line);
      continue;
    }
    if (AGENT_OPEN.test(line)) {
      agentDepth++;
      continue;
    }
    if (agentDepth > 0) {
      if (AGENT_CLOSE.test(line)) agentDepth--;
      continue;
    }
    const inline = line.replace(/<Agent>[\s\S]*?<\/Agent>/g, "");
    const stripped = stripTags(inline);
    if (stripped.trim() === "" && line.trim() !== "") continue; // a line that held only tags
    out.push(stripped);
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n");
}
