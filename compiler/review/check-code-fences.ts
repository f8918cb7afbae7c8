/**
 * SPEC 2.12 `codeFenceMetadata` and `runnableMetadata`: a fence says what language it holds (the highlighter, copy
 * buttons, `get_code_examples` and code validation depend on it) with well-formed meta; shell commands can be copied
 * and run as they are (no `$ ` prompts outside `console` blocks), and contract checks that run something say what to
 * expect.
 */
import { bundledLanguages, isPlainLang, isSpecialLang } from "shiki";
import { locateYamlPath } from "../content/yaml-position.ts";
import { closestName } from "../diagnostics.ts";
import type { RawFinding } from "./finding.ts";
import type { ReviewSite } from "./review-site.ts";

const SHELL = new Set(["bash", "sh", "shell", "zsh", "fish"]);
const SESSION = new Set(["console", "shellsession", "shell-session"]);

export function checkCodeFenceMetadata(site: ReviewSite): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    for (const { code, file } of page.codeBlocks) {
      const at = { file, line: code.position?.start.line, column: code.position?.start.column };
      if (!code.lang) {
        findings.push({
          rule: "codeFenceMetadata",
          ...at,
          message: "code block has no language",
          fix: "name it after the opening fence, e.g. ```ts, ```bash or ```text for plain output",
        });
        continue;
      }
      const lang = code.lang.toLowerCase();
      if (!(lang in bundledLanguages) && !isPlainLang(lang) && !isSpecialLang(lang)) {
        const suggestion = closestName(lang, Object.keys(bundledLanguages));
        findings.push({
          rule: "codeFenceMetadata",
          ...at,
          message: `code block language "${code.lang}" is not one the highlighter knows, so it is shown unhighlighted`,
          fix: suggestion ? `did you mean "${suggestion}"?` : "use a Shiki language id, or text for plain output",
        });
      }
      if (code.meta && (code.meta.match(/"/g)?.length ?? 0) % 2 === 1) {
        findings.push({
          rule: "codeFenceMetadata",
          ...at,
          message: `code block meta has an unclosed quote: ${code.meta}`,
          fix: 'close the quote, e.g. title="install.sh"',
        });
      }
    }
  }
  return findings;
}

export function checkRunnableMetadata(site: ReviewSite): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const page of site.pages) {
    for (const { code, file } of page.codeBlocks) {
      const lang = code.lang?.toLowerCase() ?? "";
      const start = code.position?.start.line;
      const lines = code.value.split("\n");
      if (SHELL.has(lang)) {
        const prompt = lines.findIndex((line) => /^\s*\$ /.test(line));
        if (prompt >= 0) {
          findings.push({
            rule: "runnableMetadata",
            file,
            line: start === undefined ? undefined : start + 1 + prompt,
            column: 1,
            message: `a \`${lang}\` block starts a command with a "$ " prompt, so copying it does not run`,
            fix: "drop the prompt, or mark a session with output as ```console",
          });
        }
      }
      if (SESSION.has(lang) && !lines.some((line) => /^\s*[$#>] /.test(line))) {
        findings.push({
          rule: "runnableMetadata",
          file,
          line: start,
          column: code.position?.start.column,
          message: `a \`${lang}\` block has no "$ " line, so readers and agents cannot tell commands from output`,
          fix: 'prefix each command with "$ ", or use ```bash for commands without output',
        });
      }
    }
    const contract = page.frontmatter?.agent;
    contract?.verification.forEach((check, index) => {
      if (!check.run || check.expect) return;
      const at = locateYamlPath(page.yaml, ["agent", "verification", String(index)]);
      findings.push({
        rule: "runnableMetadata",
        file: page.source.sourcePath,
        line: at?.line,
        column: at?.column,
        message: `verification step ${index + 1} runs \`${check.run}\` but says nothing about the expected result`,
        fix: "add `expect:` with the output or state that shows success",
      });
    });
    contract?.commands.forEach((command, index) => {
      if (!command.cwd || !/^(\/|[A-Za-z]:\\|~)/.test(command.cwd)) return;
      const at = locateYamlPath(page.yaml, ["agent", "commands", String(index)]);
      findings.push({
        rule: "runnableMetadata",
        file: page.source.sourcePath,
        line: at?.line,
        column: at?.column,
        message: `command ${index + 1} runs in the machine-specific folder ${command.cwd}`,
        fix: "give `cwd` relative to the project root",
      });
    });
  }
  return findings;
}
