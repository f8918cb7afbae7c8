/**
 * SPEC 2.12 / 2.17: with `codeBlocks.validate` in `report` mode, every fenced block in a language that can be checked
 * locally is syntax-checked, and each block that does not parse is a `codeFenceMetadata` finding at the place of the
 * error in the page (the fence says one language, the content is not valid in it).
 */
import type { RawFinding } from "./finding.ts";
import type { ReviewSite } from "./review-site.ts";
import { canValidate, codeValidationMode, validateCode } from "./validate-code.ts";

export async function checkCodeSyntax(
  site: ReviewSite,
): Promise<{ findings: RawFinding[]; checked: number } | undefined> {
  const codeBlocks = (site.config.raw as { codeBlocks?: { validate?: unknown } }).codeBlocks;
  if (codeValidationMode(codeBlocks?.validate) !== "report") return undefined;
  const blocks = site.pages.flatMap((page) => page.codeBlocks).filter(({ code }) => canValidate(code.lang));
  const problems = await Promise.all(blocks.map(({ code }) => validateCode(code.lang!, code.value)));
  const findings: RawFinding[] = [];
  blocks.forEach(({ code, file }, index) => {
    const problem = problems[index];
    if (!problem) return;
    const contentStart = (code.position?.start.line ?? 0) + 1;
    findings.push({
      rule: "codeFenceMetadata",
      file,
      line: contentStart + problem.line - 1,
      column: problem.column + (code.position?.start.column ?? 1) - 1,
      message: `\`${code.lang}\` code block does not parse: ${problem.message}`,
      fix: `fix the code, or mark the fence with the language it is really in (codeBlocks.validate checks ${code.lang} syntax)`,
      source: "codeBlocks/syntax",
    });
  });
  return { findings, checked: blocks.length };
}
