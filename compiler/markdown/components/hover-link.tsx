/** `<HoverLink href title description>`: an inline link with a preview card shown on hover and focus, in CSS only. */
import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";

export interface HoverLinkProps {
  href: string;
  title?: string;
  description?: string;
  children?: ComponentChildren;
}

export function HoverLink({ href, title, description, children }: HoverLinkProps) {
  const previewId = useId();
  return (
    <span class="q-hover-link">
      <a href={href} aria-describedby={previewId}>
        {children ?? title ?? href}
      </a>
      {/* The card repeats the target's title and description: human-only, absent from the page's Markdown. */}
      <span class="q-hover-card" role="tooltip" id={previewId} data-markdown-ignore="">
        {title && <span class="q-hover-card-title">{title}</span>}
        {description && <span class="q-hover-card-description">{description}</span>}
        <span class="q-hover-card-url">{href}</span>
      </span>
    </span>
  );
}
