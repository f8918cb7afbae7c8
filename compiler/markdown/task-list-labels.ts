/**
 * GFM task lists render a bare `<input type="checkbox" disabled>` before the item's text; a checkbox needs a name of
 * its own (axe `label`, WCAG 4.1.2). Each one gets the text of its item, nested lists left out, as `aria-label`.
 */
import type { Element, ElementContent, Root } from "hast";
import { walk } from "./walk.ts";

export function rehypeTaskListLabels() {
  return (tree: Root) => {
    walk(tree, "element", (node: Element) => {
      if (node.tagName !== "li" || !classesOf(node).includes("task-list-item")) return;
      const checkbox = findCheckbox(node.children);
      if (!checkbox || checkbox.properties.ariaLabel || checkbox.properties.ariaLabelledBy) return;
      const text = itemText(node.children).replace(/\s+/g, " ").trim();
      if (text) checkbox.properties.ariaLabel = text;
    });
  };
}

function classesOf(node: Element): string[] {
  const value: unknown = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? value.split(/\s+/) : [];
}

/** The item's checkbox: first child, or first child of its first paragraph (loose lists). */
function findCheckbox(children: ElementContent[]): Element | undefined {
  for (const child of children) {
    if (child.type !== "element") continue;
    if (child.tagName === "input" && child.properties.type === "checkbox") return child;
    if (child.tagName === "p") return findCheckbox(child.children);
    return undefined;
  }
  return undefined;
}

function itemText(children: ElementContent[]): string {
  return children
    .map((child) => {
      if (child.type === "text") return child.value;
      if (child.type !== "element" || child.tagName === "ul" || child.tagName === "ol") return "";
      return itemText(child.children);
    })
    .join("");
}
