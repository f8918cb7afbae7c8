/** `<Prompt title description>`: a ready-to-use AI prompt with a copy button (the same one code blocks use). */
import type { ComponentChildren } from "preact";
import { RegistryIcon } from "./icon-registry.tsx";

export interface PromptProps {
  title?: ComponentChildren;
  description?: ComponentChildren;
  /** A key of the `icons` registry; other values are ignored. */
  icon?: unknown;
  children?: ComponentChildren;
}

export function Prompt({ title = "Prompt", description, icon, children }: PromptProps) {
  return (
    <figure class="q-prompt">
      <figcaption class="q-prompt-header">
        <RegistryIcon name={icon} />
        <span>
          <span class="q-prompt-title">{title}</span>
          {description !== undefined && <span class="q-prompt-description">{description}</span>}
        </span>
      </figcaption>
      <div class="q-prompt-text" data-copy-source="">
        {children}
      </div>
      <button type="button" class="q-copy" aria-label="Copy prompt" data-copy="" />
    </figure>
  );
}
