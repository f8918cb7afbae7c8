/** `<Callout type="warn" title="…">`: an aside that stands out from the prose. */
import type { ComponentChildren } from "preact";

type Tone = "note" | "info" | "tip" | "warn" | "error" | "success";

/**
 * Accepted `type` values, their visual tone and default heading; the agent Markdown labels its blockquotes with the
 * same words. `important`, `caution` and `details` come from GitHub alerts and VitePress/Docusaurus admonitions
 * (issue 10); `details` renders collapsed.
 */
export const CALLOUT_TYPES: Record<string, { tone: Tone; label: string }> = {
  note: { tone: "note", label: "Note" },
  info: { tone: "info", label: "Info" },
  important: { tone: "info", label: "Important" },
  tip: { tone: "tip", label: "Tip" },
  details: { tone: "note", label: "Details" },
  warn: { tone: "warn", label: "Warning" },
  warning: { tone: "warn", label: "Warning" },
  caution: { tone: "warn", label: "Caution" },
  error: { tone: "error", label: "Error" },
  danger: { tone: "error", label: "Danger" },
  success: { tone: "success", label: "Success" },
};

const ICON_PATHS: Record<Tone, string> = {
  note: "M12 16v-4M12 8h.01",
  info: "M12 16v-4M12 8h.01",
  tip: "M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z",
  warn: "M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
  error: "M15 9l-6 6M9 9l6 6",
  success: "M8 12l3 3 5-6",
};

function CalloutIcon({ tone }: { tone: Tone }) {
  const circled = tone !== "tip" && tone !== "warn";
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      {circled && <circle cx="12" cy="12" r="10" />}
      <path d={ICON_PATHS[tone]} />
    </svg>
  );
}

export interface CalloutProps {
  type?: string;
  title?: ComponentChildren;
  children?: ComponentChildren;
}

export function Callout({ type = "note", title, children }: CalloutProps) {
  const kind = Object.hasOwn(CALLOUT_TYPES, type) ? CALLOUT_TYPES[type]! : CALLOUT_TYPES.note!;
  if (type === "details") {
    return (
      <details class="q-callout q-callout-details" data-type={kind.tone}>
        <summary class="q-callout-title">{title ?? kind.label}</summary>
        <div class="q-callout-content">{children}</div>
      </details>
    );
  }
  return (
    <div class="q-callout" data-type={kind.tone} role="note">
      <span class="q-callout-icon">
        <CalloutIcon tone={kind.tone} />
      </span>
      <div class="q-callout-body">
        <p class="q-callout-title">{title ?? kind.label}</p>
        <div class="q-callout-content">{children}</div>
      </div>
    </div>
  );
}
