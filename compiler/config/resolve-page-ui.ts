/**
 * Issue 13: page actions (SPEC 2.19) and the human feedback widget (SPEC 2.8 `FeedbackConfig`), resolved once from
 * the filled config. The seven `OpenDocsProvider` presets live here; a provider with another id is the site's own
 * and needs a `urlTemplate`. Templates are filled on the page (templates/page-actions.js), where the origin is known.
 */
import type { FilledDocsConfig } from "../../runtime/contract/config-schema.ts";
import type { BuildMessage } from "../diagnostics.ts";
import { locateConfigKey } from "./locate.ts";

export type OpenDocsTarget = "markdown" | "page" | "source" | "github";

export interface OpenDocsPreset {
  name: string;
  /** With `{prompt}` (URI-encoded prompt text) and the other placeholders of SPEC 2.19. */
  urlTemplate: string;
  /** The app deeplink used with `mode: "app"` (one preset has one). */
  appUrlTemplate?: string;
}

/** SPEC 2.19: the seven built-in provider ids; every one opens a new chat with the prompt filled in. */
export const OPEN_DOCS_PRESETS: Readonly<Record<string, OpenDocsPreset>> = {
  chatgpt: { name: "ChatGPT", urlTemplate: "https://chatgpt.com/?q={prompt}" },
  claude: { name: "Claude", urlTemplate: "https://claude.ai/new?q={prompt}" },
  perplexity: { name: "Perplexity", urlTemplate: "https://www.perplexity.ai/search?q={prompt}" },
  grok: { name: "Grok", urlTemplate: "https://grok.com/?q={prompt}" },
  copilot: { name: "Microsoft Copilot", urlTemplate: "https://copilot.microsoft.com/?q={prompt}" },
  mistral: { name: "Le Chat", urlTemplate: "https://chat.mistral.ai/chat?q={prompt}" },
  cursor: {
    name: "Cursor",
    urlTemplate: "https://cursor.com/link/prompt?text={prompt}",
    appUrlTemplate: "cursor://anysphere.cursor-deeplink/prompt?text={prompt}",
  },
};

/** SPEC 2.19: "default two presets". */
export const DEFAULT_OPEN_DOCS_PROVIDERS = ["chatgpt", "claude"] as const;
export const DEFAULT_OPEN_DOCS_PROMPT = "Read the documentation at {url} and help me with my questions about it.";

export interface ResolvedProvider {
  id: string;
  name: string;
  target: OpenDocsTarget;
  /** The prompt with `{url}` still in it. */
  prompt: string;
  /** The URL opened, `mode: "app"` already applied; null when the provider can only open prompts. */
  urlTemplate: string | null;
  /** For the `Prompt` component: `{prompt}` replaced by the prompt's text. */
  promptUrlTemplate: string | null;
}

export interface PageUiConfig {
  position: "above-title" | "below-title";
  alignment: "left" | "right";
  copyPage: { format: "markdown" | "text"; label: string; copiedLabel: string; includeTitle: boolean } | null;
  openDocs: { providers: ResolvedProvider[] } | null;
  /** Providers that open a `Prompt` block (`promptUrlTemplate`, or a preset's URL when openDocs is on). */
  promptProviders: ResolvedProvider[];
  feedback: { question: string; positiveLabel: string; negativeLabel: string; requireComment: boolean } | null;
  /** The page reports to the runtime (views, actions, copies, votes): the config has analytics, feedback or `onCopyClick`. */
  reports: boolean;
}

type FilledConfig = Pick<FilledDocsConfig, "pageActions" | "feedback" | "analytics" | "onCopyClick">;

export function resolvePageUi(filled: FilledConfig): PageUiConfig {
  const { pageActions, feedback } = filled;
  const { copyMarkdown, openDocs } = pageActions;
  const providers = openDocs.enabled ? resolveProviders(openDocs) : [];
  return {
    position: pageActions.position,
    alignment: pageActions.alignment,
    copyPage: copyMarkdown.enabled
      ? {
          format: copyMarkdown.format,
          label: copyMarkdown.label,
          copiedLabel: copyMarkdown.copiedLabel,
          includeTitle: copyMarkdown.includeTitle,
        }
      : null,
    openDocs: openDocs.enabled ? { providers: providers.filter((provider) => provider.urlTemplate) } : null,
    promptProviders: providers.filter((provider) => provider.promptUrlTemplate),
    feedback: feedback.enabled
      ? {
          question: feedback.question,
          positiveLabel: feedback.positiveLabel,
          negativeLabel: feedback.negativeLabel,
          requireComment: feedback.requireComment,
        }
      : null,
    reports: feedback.enabled || filled.analytics.enabled || typeof filled.onCopyClick === "function",
  };
}

type FilledOpenDocs = FilledConfig["pageActions"]["openDocs"];

function resolveProviders(openDocs: FilledOpenDocs): ResolvedProvider[] {
  type Provider = NonNullable<FilledOpenDocs["providers"]>[number];
  const given: Provider[] = openDocs.providers ?? DEFAULT_OPEN_DOCS_PROVIDERS.map((id) => ({ id }));
  return given.map((provider): ResolvedProvider => {
    const id = provider.id ?? "custom";
    const preset = OPEN_DOCS_PRESETS[id];
    const presetUrl =
      preset && (provider.mode === "app" && preset.appUrlTemplate ? preset.appUrlTemplate : preset.urlTemplate);
    return {
      id,
      name: provider.name ?? preset?.name ?? id,
      target: provider.target ?? openDocs.target,
      prompt: provider.prompt ?? openDocs.prompt ?? DEFAULT_OPEN_DOCS_PROMPT,
      urlTemplate: provider.urlTemplate ?? presetUrl ?? null,
      promptUrlTemplate: provider.promptUrlTemplate ?? presetUrl ?? null,
    };
  });
}

/**
 * Problems of a written `pageActions` its shape cannot express, positioned at the provider: a provider that is no
 * preset and has neither `urlTemplate` nor `promptUrlTemplate` would open nothing, so it fails the build.
 */
export function checkPageActions(written: unknown, file: string, source: string): BuildMessage[] {
  const providers = (written as { openDocs?: { providers?: unknown } } | undefined)?.openDocs?.providers;
  if (!Array.isArray(providers)) return [];
  const messages: BuildMessage[] = [];
  providers.forEach((provider: { id?: string; urlTemplate?: string; promptUrlTemplate?: string }, index) => {
    if (provider.urlTemplate || provider.promptUrlTemplate || OPEN_DOCS_PRESETS[provider.id ?? ""]) return;
    const at = locateConfigKey(source, ["pageActions", "openDocs", "providers", String(index)]);
    messages.push({
      severity: "error",
      rule: "config/page-actions",
      file,
      line: at?.line,
      column: at?.column,
      reason: `pageActions.openDocs.providers[${index}] (${JSON.stringify(provider.id ?? null)}) is no preset and has no urlTemplate`,
      hint: `use a preset id (${Object.keys(OPEN_DOCS_PRESETS).join(", ")}) or give urlTemplate, e.g. "https://chat.example.com/?q={prompt}"`,
    });
  });
  return messages;
}
