/**
 * What the review rules read from a page's source trees, taken out once while the trees exist: fenced code blocks,
 * outgoing links and the first agent-only block, each with its place. The trees themselves are dropped after
 * reading, so a review holds plain data per page (cheap to keep, and to send back from a reader thread).
 */
import type { Code, Root, RootContent } from "mdast";
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { walk } from "../markdown/walk.ts";

/** One fenced block and the file it is in (the page, or its sibling agent.md). */
export interface ReviewCodeBlock {
  code: Pick<Code, "lang" | "meta" | "value" | "position">;
  file: string;
}

/** One outgoing link, found in a page's body, agent.md or frontmatter. */
export interface SourceLink {
  url: string;
  file: string;
  line?: number;
  column?: number;
}

/** A block whose content only agents read (`<Agent>`, `<Audience only="agent">`), where it starts. */
export interface AgentBlock {
  name: string;
  line?: number;
  column?: number;
}

export interface TreeFacts {
  codeBlocks: ReviewCodeBlock[];
  links: SourceLink[];
  agentBlock?: AgentBlock;
}

/** One walk per tree; facts append in document order, the page's tree before its agent.md's. */
export function collectTreeFacts(tree: Root, file: string, into: TreeFacts): void {
  walk<Root | RootContent>(tree, (node) => {
    const at = { file, line: node.position?.start.line, column: node.position?.start.column };
    switch (node.type) {
      case "code": {
        const { lang, meta, value, position } = node as Code;
        into.codeBlocks.push({ code: { lang, meta, value, position }, file });
        return;
      }
      case "link":
      case "definition":
      case "image":
        into.links.push({ url: node.url, ...at });
        return;
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement": {
        const element = node as MdxJsxFlowElement | MdxJsxTextElement;
        for (const attribute of element.attributes) {
          if (isLinkAttribute(attribute)) into.links.push({ url: attribute.value, ...at });
        }
        if (!into.agentBlock && isAgentBlock(element)) into.agentBlock = { name: element.name!, ...at };
      }
    }
  });
}

function isLinkAttribute(attribute: MdxJsxFlowElement["attributes"][number]): attribute is MdxJsxAttribute & {
  value: string;
} {
  return (
    attribute.type === "mdxJsxAttribute" &&
    (attribute.name === "href" || attribute.name === "src") &&
    typeof attribute.value === "string"
  );
}

function isAgentBlock(element: MdxJsxFlowElement | MdxJsxTextElement): boolean {
  if (element.name === "Agent") return true;
  const only = element.attributes.find((a) => a.type === "mdxJsxAttribute" && a.name === "only")?.value;
  return element.name === "Audience" && only === "agent";
}
