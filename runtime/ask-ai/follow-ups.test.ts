import { describe, expect, it } from "vitest";
import type { PageEntry } from "../contract/index.ts";
import { followUpQuestions, MAX_FOLLOW_UPS } from "./follow-ups.ts";
import type { RetrievedSource } from "./retrieve.ts";

const source = (id: number, url: string, title: string, section: string | null = null): RetrievedSource => ({
  id,
  url,
  title,
  section,
  content: "",
});
const pages: Record<string, Partial<PageEntry>> = {
  "/docs/deploy": { contract: { task: "Deploy a worker to Kubernetes." } as PageEntry["contract"] },
  "/docs/api": { contract: { task: "API keys: rotate them" } as PageEntry["contract"] },
};
const pageOf = (url: string) => pages[new URL(url).pathname] as PageEntry | undefined;

describe("followUpQuestions", () => {
  it("asks about the other retrieved pages: their task, else their matched section, else the page", () => {
    const questions = followUpQuestions(
      "How do retries work?",
      [
        source(1, "http://d.test/docs/retries#backoff", "Retries", "Backoff"),
        source(2, "http://d.test/docs/deploy", "Deployment", "Graceful shutdown"),
        source(3, "http://d.test/docs/cron#zones", "Cron schedules", "Time zones"),
        source(4, "http://d.test/docs/faq", "FAQ"),
      ],
      pageOf,
    );
    expect(questions).toEqual([
      "How do I deploy a worker to Kubernetes?",
      "What does “Cron schedules” say about “Time zones”?",
      "What does “FAQ” cover?",
    ]);
  });

  it("keeps a first word that is not a plain capitalized word as written", () => {
    expect(
      followUpQuestions(
        "q",
        [source(1, "http://d.test/docs/x", "X"), source(2, "http://d.test/docs/api", "API")],
        pageOf,
      ),
    ).toEqual(["How do I API keys: rotate them?"]);
  });

  it("skips the lead page, pages seen before, and a question equal to the one asked", () => {
    const questions = followUpQuestions(
      "What does Cron schedules cover",
      [
        source(1, "http://d.test/docs/retries", "Retries"),
        source(2, "http://d.test/docs/retries#jitter", "Retries", "Jitter"),
        source(3, "http://d.test/docs/cron", "Cron schedules"),
      ],
      pageOf,
    );
    expect(questions).toEqual([]);
  });

  it("asks about the page rather than a section the question already names", () => {
    expect(
      followUpQuestions(
        "How hot should the water be for green tea?",
        [
          source(1, "http://d.test/docs/kettle", "Kettle"),
          source(2, "http://d.test/docs/brew#green", "Brewing", "Green tea"),
        ],
        pageOf,
      ),
    ).toEqual(["What does “Brewing” cover?"]);
  });

  it(`offers at most ${MAX_FOLLOW_UPS}, and none without sources`, () => {
    const many = Array.from({ length: 6 }, (_, i) => source(i + 1, `http://d.test/docs/p${i}`, `Page ${i}`));
    expect(followUpQuestions("q", many, pageOf)).toHaveLength(MAX_FOLLOW_UPS);
    expect(followUpQuestions("q", [], pageOf)).toEqual([]);
  });
});
