/**
 * Analytics and observability streams (SPEC 6, 2.20). Events go to the site's `onEvent` callbacks and, when
 * configured, to the console. Raw inputs (queries, payloads, tool arguments) are attached only with `includeInputs`.
 * A callback that throws or rejects never changes a response.
 */
import type { AnalyticsEvent, ResolvedRuntimeConfig, ResolvedStream, TraceEvent } from "./config.ts";

export interface RuntimeEvents {
  /** Emits `{type, properties}`; `inputs` are merged into `properties` only when `analytics.includeInputs` is set. */
  analytics(type: string, properties: Record<string, unknown>, inputs?: Record<string, unknown>): void;
  /** Emits a trace event; `input` is attached only when `observability.includeInputs` is set. */
  trace(event: TraceEvent, input?: unknown): void;
  readonly analyticsEnabled: boolean;
  readonly tracingEnabled: boolean;
  /** Whether MCP tool arguments should be collected at all (either stream wants inputs). */
  readonly wantsInputs: boolean;
}

/** Keeps asynchronous callbacks alive after the response on runtimes that stop work otherwise (workerd). */
export type WaitUntil = (promise: Promise<unknown>) => void;

export function createRuntimeEvents(config: ResolvedRuntimeConfig, waitUntil?: WaitUntil): RuntimeEvents {
  const { analytics, observability } = config;
  return {
    analyticsEnabled: analytics !== null,
    tracingEnabled: observability !== null,
    wantsInputs: Boolean(analytics?.includeInputs || observability?.includeInputs),
    analytics(type, properties, inputs) {
      if (!analytics) return;
      const event: AnalyticsEvent = {
        type,
        properties: analytics.includeInputs && inputs ? { ...properties, ...inputs } : { ...properties },
      };
      deliver(analytics, event, "analytics", waitUntil);
    },
    trace(event, input) {
      if (!observability) return;
      deliver(
        observability,
        observability.includeInputs && input !== undefined ? { ...event, input } : event,
        "trace",
        waitUntil,
      );
    },
  };
}

function deliver<E>(stream: ResolvedStream<E>, event: E, label: string, waitUntil?: WaitUntil): void {
  if (stream.console) {
    try {
      console[stream.console](`[quire ${label}]`, JSON.stringify(event));
    } catch {
      // An unserializable input must not break the response either.
    }
  }
  if (!stream.onEvent) return;
  try {
    const result = stream.onEvent(event);
    if (result && typeof (result as Promise<void>).then === "function") {
      const settled = (result as Promise<void>).catch(() => {});
      waitUntil?.(settled);
    }
  } catch {
    // SPEC 6: events observe requests; they never fail them.
  }
}

/** A trace id for one run (crypto.randomUUID is a Web API on every runtime we target). */
export function newTraceId(): string {
  return crypto.randomUUID();
}
