/**
 * Server-Sent Events from `docs dev` to its open tabs (issue 11). Events: `reload` (routes whose tabs reload),
 * `css` (stylesheets to swap without a reload), `problem` (the positioned errors of a failed build, shown as an
 * overlay) and `fixed` (the overlay goes away). A tab that connects while the last build is failing gets the
 * `problem` event at once.
 */
import type { BuildMessage } from "../../compiler/diagnostics.ts";
import type { LiveUpdate } from "./live-update.ts";

export interface ProblemEvent {
  /** Each message as `file:line:col reason [rule]`, with its hint. */
  messages: { where: string; reason: string; rule: string; hint?: string }[];
}

export interface LiveEvents {
  /** The `text/event-stream` response for one tab. */
  connect(request: Request): Response;
  update(update: LiveUpdate, buildId: number): void;
  problem(problem: ProblemEvent): void;
  fixed(): void;
  /** Open connections (tests, the terminal line). */
  readonly clients: number;
  close(): void;
}

export function problemEventOf(messages: BuildMessage[]): ProblemEvent {
  return {
    messages: messages
      .filter((m) => m.severity === "error")
      .map((m) => ({
        where: m.line ? `${m.file}:${m.line}:${m.column ?? 1}` : m.file,
        reason: m.reason,
        rule: m.rule,
        hint: m.hint,
      })),
  };
}

export function createLiveEvents(): LiveEvents {
  const encoder = new TextEncoder();
  const clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  let problem: ProblemEvent | undefined;
  const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const broadcast = (event: string, data: unknown) => {
    const bytes = frame(event, data);
    for (const client of clients) {
      try {
        client.enqueue(bytes);
      } catch {
        clients.delete(client);
      }
    }
  };

  return {
    connect(request) {
      let self: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          self = controller;
          clients.add(controller);
          // The retry hint keeps reconnects quick after a restart of `docs dev`.
          controller.enqueue(encoder.encode("retry: 500\n\n"));
          controller.enqueue(frame("hello", {}));
          if (problem) controller.enqueue(frame("problem", problem));
        },
        cancel() {
          clients.delete(self);
        },
      });
      request.signal.addEventListener("abort", () => {
        clients.delete(self);
        try {
          self.close();
        } catch {
          /* already closed */
        }
      });
      return new Response(stream, {
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          connection: "keep-alive",
        },
      });
    },
    update(update, buildId) {
      if (update.css.length > 0) broadcast("css", { build: buildId, swaps: update.css });
      if (update.reload.length > 0) broadcast("reload", { build: buildId, routes: update.reload });
    },
    problem(next) {
      problem = next;
      broadcast("problem", problem);
    },
    fixed() {
      if (!problem) return;
      problem = undefined;
      broadcast("fixed", {});
    },
    get clients() {
      return clients.size;
    },
    close() {
      for (const client of clients) {
        try {
          client.close();
        } catch {
          /* already closed */
        }
      }
      clients.clear();
    },
  };
}
