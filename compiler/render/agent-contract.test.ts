import { describe, expect, it } from "vitest";
import { normalizeContract } from "../content/contract.ts";
import { CONTRACT_END, CONTRACT_START, renderAgentContract } from "./agent-contract.ts";

describe("renderAgentContract", () => {
  it("renders every section in the SPEC 2.6 order between the markers", () => {
    const contract = normalizeContract({
      task: "Deploy the worker",
      outcome: "The worker answers on /health",
      appliesTo: { framework: ["next", "remix"], version: ">=2", package: "@acme/queue" },
      prerequisites: ["Node 20"],
      files: ["queue.config.ts"],
      commands: ["npm ci", { run: "npm run deploy", cwd: "apps/worker", description: "ships the build" }],
      sideEffects: ["Creates a Redis stream"],
      verification: [
        "The dashboard lists the worker",
        { description: "Health check", run: "curl /health", expect: "200 OK" },
        { expect: "no errors" },
      ],
      rollback: ["npm run deploy -- --previous"],
      failureModes: ["Timeout", { symptom: "ECONNREFUSED", resolution: "Start Redis" }],
      tokenBudget: 800,
    });
    expect(renderAgentContract(contract)).toBe(`<!-- agent-contract:start -->

## Agent Contract

**Task:** Deploy the worker
**Outcome:** The worker answers on /health

### Applies To

- Framework: next, remix
- Version: >=2
- Package: @acme/queue

### Prerequisites

- Node 20

### Files

- \`queue.config.ts\`

### Commands

- \`npm ci\`
- \`npm run deploy\` — ships the build (cwd: \`apps/worker\`)

### Side Effects

- Creates a Redis stream

### Verification

- The dashboard lists the worker
- Health check: \`curl /health\`
  - Expected: 200 OK
- Check
  - Expected: no errors

### Rollback

- npm run deploy -- --previous

### Failure Modes

- Timeout
- ECONNREFUSED
  - Recovery: Start Redis

<!-- agent-contract:end -->`);
  });

  it("omits empty sections and the lead when there is no task or outcome", () => {
    const contract = normalizeContract({ appliesTo: { version: "2.x" }, commands: ["npm test"] });
    expect(renderAgentContract(contract)).toBe(
      [
        CONTRACT_START,
        "## Agent Contract",
        "### Applies To",
        "- Version: 2.x",
        "### Commands",
        "- `npm test`",
        CONTRACT_END,
      ].join("\n\n"),
    );
  });

  it("prints only the outcome when there is no task", () => {
    expect(renderAgentContract(normalizeContract({ outcome: "Done" }))).toBe(
      [CONTRACT_START, "## Agent Contract", "**Outcome:** Done", CONTRACT_END].join("\n\n"),
    );
  });
});

describe("code spans in the contract", () => {
  it("keeps commands with backticks intact as code spans", () => {
    const md = renderAgentContract(normalizeContract({ commands: ["echo `date`"], files: ["`weird`.ts"] }));
    expect(md).toContain("- `` echo `date` ``");
    expect(md).toContain("- `` `weird`.ts ``");
  });
});
