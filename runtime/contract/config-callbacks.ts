/**
 * Types of the functions a site may put in its config (SPEC 2.8, 2.17, 2.20, 5, 6): what each callback receives.
 * The runtime calls them at request time; they are never compiled into `dist/`.
 */

/** SPEC 5 principal shape; any value other than null/undefined/Response counts as authenticated. */
export interface DocsPrincipal {
  id?: string;
  scopes?: string[];
  claims?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface AuthenticateContext {
  request: Request;
  pathname: string;
}

export type AuthenticateCallback = (
  context: AuthenticateContext,
) => DocsPrincipal | Response | null | undefined | Promise<DocsPrincipal | Response | null | undefined>;

export type OriginCallback = (origin: string, context: AuthenticateContext) => boolean | Promise<boolean>;

export type AllowedOrigins = "same-origin" | readonly string[] | OriginCallback;

export interface DocsAgentFeedbackContext {
  page?: string;
  url?: string;
  slug?: string;
  locale?: string;
  source?: string;
  [key: string]: unknown;
}

/** What `feedback.agent.onFeedback` receives after a valid submission (SPEC 2.8). */
export interface DocsAgentFeedbackData {
  payload: Record<string, unknown>;
  context: DocsAgentFeedbackContext;
  /** The route that received it: `/api/docs` or the feedback route. */
  route: string;
  /** ISO 8601 time the runtime accepted it. */
  receivedAt: string;
}

/** What the human `feedback.onFeedback` receives (SPEC 2.8). */
export interface DocsFeedbackData {
  value: "positive" | "negative";
  title?: string;
  description?: string;
  url: string;
  pathname: string;
  path: string;
  entry: string;
  slug: string;
  locale?: string;
  comment?: string;
}

/** What `ai.onActions` receives when a reader copies, likes or dislikes an Ask AI answer (SPEC 2.18, 6.4). */
export interface DocsAskAIActionData {
  action: "copy" | "like" | "dislike";
  /** The answer's id, as the chat stream's `done` event gave it. */
  answerId?: string;
  /** The reader's question and the answer it rated (the site's own callback sees them; analytics only with includeInputs). */
  question?: string;
  answer?: string;
  /** URLs of the sources cited under the answer. */
  sources: string[];
  /** The page the reader was on. */
  page?: string;
  /** ISO 8601 time the runtime accepted it. */
  receivedAt: string;
}

/** SPEC 2.17 `CodeBlockCopyData`. */
export interface CodeBlockCopyData {
  title?: string;
  content: string;
  url: string;
  language?: string;
}

export interface AnalyticsEvent {
  type: string;
  properties: Record<string, unknown>;
}

export interface TraceEvent {
  type: string;
  traceId: string;
  durationMs: number;
  [key: string]: unknown;
}
