/** SPEC 2.6: the deterministic `## Agent Contract` section of agent Markdown, between marker comments. */
import type { AgentContract } from "../model/types.ts";

export const CONTRACT_START = "<!-- agent-contract:start -->";
export const CONTRACT_END = "<!-- agent-contract:end -->";

// Backslashes do not escape inside code spans: use a longer backtick fence, padded (CommonMark 6.1).
const code = (value: string) => {
  const fence = "`".repeat(Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  return fence.length > 1 ? `${fence} ${value} ${fence}` : `\`${value}\``;
};
const bullets = (items: string[]) => items.map((item) => `- ${item}`).join("\n");

export function renderAgentContract(contract: AgentContract): string {
  const parts: string[] = [CONTRACT_START, "## Agent Contract"];
  const lead = [
    contract.task && `**Task:** ${contract.task}`,
    contract.outcome && `**Outcome:** ${contract.outcome}`,
  ].filter(Boolean);
  if (lead.length > 0) parts.push(lead.join("\n"));
  const section = (title: string, body: string) => {
    if (body) parts.push(`### ${title}`, body);
  };

  const applies = contract.appliesTo;
  section(
    "Applies To",
    bullets(
      [
        applies.framework.length > 0 ? `Framework: ${applies.framework.join(", ")}` : "",
        applies.version.length > 0 ? `Version: ${applies.version.join(", ")}` : "",
        applies.package.length > 0 ? `Package: ${applies.package.join(", ")}` : "",
      ].filter(Boolean),
    ),
  );
  section("Prerequisites", bullets(contract.prerequisites));
  section("Files", bullets(contract.files.map(code)));
  section(
    "Commands",
    bullets(
      contract.commands.map((c) =>
        [code(c.run), c.description && `— ${c.description}`, c.cwd && `(cwd: ${code(c.cwd)})`]
          .filter(Boolean)
          .join(" "),
      ),
    ),
  );
  section("Side Effects", bullets(contract.sideEffects));
  section(
    "Verification",
    contract.verification
      .map((v) => {
        const head = [v.description, v.run && code(v.run)].filter(Boolean).join(": ") || "Check";
        return v.expect ? `- ${head}\n  - Expected: ${v.expect}` : `- ${head}`;
      })
      .join("\n"),
  );
  section("Rollback", bullets(contract.rollback));
  section(
    "Failure Modes",
    contract.failureModes
      .map((f) => (f.resolution ? `- ${f.symptom}\n  - Recovery: ${f.resolution}` : `- ${f.symptom}`))
      .join("\n"),
  );
  parts.push(CONTRACT_END);
  return parts.join("\n\n");
}
