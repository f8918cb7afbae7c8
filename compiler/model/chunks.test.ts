import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "../content/frontmatter.ts";
import { CONTRACT_END, CONTRACT_START, renderAgentContract } from "../render/agent-contract.ts";
import { chunksFromContract, chunksFromMarkdown } from "./chunks.ts";

const file = path.resolve(import.meta.dirname, "../../fixtures/contract/docs/full-contract/page.mdx");
const parsed = parseFrontmatter(await readFile(file, "utf8"), "docs/full-contract/page.mdx");
const contract = parsed.frontmatter!.agent!;
const ref = {
  path: "full-contract",
  route: "/docs/full-contract",
  title: "Deploy a worker",
  description: "Build and deploy.",
};

describe("contract fields in search chunks (SPEC 2.6)", () => {
  it("gives public search one plain-text section holding every contract field, at the page URL", () => {
    const [chunk, ...rest] = chunksFromContract(contract, ref);
    expect(rest).toEqual([]);
    expect(chunk).toMatchObject({
      id: "full-contract#agent-contract",
      url: "/docs/full-contract",
      section: "Agent Contract",
      type: "section",
    });
    for (const text of [
      "Task: Deploy the emails worker to the staging cluster.",
      "kubectl is configured for the staging cluster",
      "k8s/worker.yaml",
      "kubectl apply -f k8s/worker.yaml",
      "Replaces the running emails-worker pods",
      "expect probe job completed",
      "Rollback: kubectl rollout undo deployment/emails-worker; npx acme-queue drain emails --yes",
      "The probe job stays waiting (recovery: Check that the worker uses the same REDIS_URL",
      "Framework: node; bun",
      "Package: @acme/queue",
    ])
      expect(chunk.content).toContain(text);
  });

  it("has no contract chunk for a page without a contract", () => {
    expect(chunksFromContract(undefined, ref)).toEqual([]);
  });

  it("splits the agent document's Agent Contract section into sections, without its marker comments", () => {
    const chunks = chunksFromMarkdown(
      "Intro.\n\n## Rollback\n\nThe page's own rollback notes.",
      ref,
      renderAgentContract(contract),
    );
    const bySection = new Map(chunks.map((chunk) => [chunk.section, chunk]));
    expect(chunks.find((chunk) => chunk.id === "full-contract#rollback")!.content).toBe(
      "The page's own rollback notes.",
    );
    // The contract's Rollback heading gets the next free anchor, as in the rendered `.md`.
    const contractRollback = chunks.find((chunk) => chunk.id === "full-contract#rollback-1")!;
    expect(contractRollback.content).toContain("- kubectl rollout undo deployment/emails-worker");
    expect(bySection.get("Failure Modes")!.content).toContain("The probe job stays waiting");
    expect(bySection.get("Commands")!.content).toContain("kubectl apply -f k8s/worker.yaml");
    for (const chunk of chunks) {
      expect(chunk.content).not.toContain(CONTRACT_START);
      expect(chunk.content).not.toContain(CONTRACT_END);
    }
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(chunks.length);
  });

  it("leaves the chunks of a page without a contract as they were", () => {
    expect(chunksFromMarkdown("Intro.\n\n## Setup\n\nSteps.", ref)).toEqual(
      chunksFromMarkdown("Intro.\n\n## Setup\n\nSteps.", ref, undefined),
    );
    expect(chunksFromMarkdown("Intro.\n\n## Setup\n\nSteps.", ref).map((chunk) => chunk.section)).toEqual([
      null,
      "Setup",
    ]);
  });
});
