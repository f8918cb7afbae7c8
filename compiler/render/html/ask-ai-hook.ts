/**
 * The page's hook for Ask AI (SPEC 2.18): when `ai.enabled`, the head links `templates/ask-ai.css` and
 * `ask-ai.js` and carries their settings as JSON (`#q-ask-ai-config`): labels, mode, position, style, suggested
 * questions, loader, feedback row and the two routes of the contract. Never the key, model or base URL.
 * `mode: "search"`: the search dialog offers "Ask AI" for its query (`window.quireAskAi.open(question)`) and no
 * floating button is shown; a page without the search dialog (`search: false`) shows the button instead.
 */
import { ASK_AI_ACTIONS_ROUTE, DOCS_API_ROUTE } from "../../../runtime/contract/index.ts";
import type { AskAiSurface } from "../../config/types.ts";
import { escapeAttr } from "./escape.ts";
import type { PageView } from "./view.ts";

/** What templates/ask-ai.js reads. */
export interface AskAiPageSettings {
  mode: AskAiSurface["mode"];
  position: AskAiSurface["position"];
  floatingStyle: AskAiSurface["floatingStyle"];
  aiLabel: string;
  suggestedQuestions: string[];
  loader: string;
  feedback: boolean;
  endpoint: string;
  actionsEndpoint: string;
}

export function askAiHead(view: PageView): string {
  const ai = view.config.surfaces.ai;
  const assets = view.assets.askAi;
  if (!ai.enabled || !assets) return "";
  const settings: AskAiPageSettings = {
    mode: ai.mode,
    position: ai.position,
    floatingStyle: ai.floatingStyle,
    aiLabel: ai.aiLabel,
    suggestedQuestions: ai.suggestedQuestions,
    loader: ai.loader,
    feedback: ai.feedback,
    endpoint: DOCS_API_ROUTE,
    actionsEndpoint: ASK_AI_ACTIONS_ROUTE,
  };
  // `<` escaped so no string in the settings can end the script element.
  const json = JSON.stringify(settings).replace(/</g, "\\u003c");
  return (
    `<link rel="stylesheet" href="${escapeAttr(assets.css)}">\n` +
    `<script type="application/json" id="q-ask-ai-config">${json}</script>\n` +
    `<script defer src="${escapeAttr(assets.js)}"></script>`
  );
}
