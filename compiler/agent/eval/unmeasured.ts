/**
 * Whether a site's golden evaluations measure anything (SPEC 2.11): they are enabled and list tasks. Its own small
 * module so callers (review, the build of a temporary dist/) decide before loading the runtime the evaluations use.
 */
import { docsConfigFields } from "../../../runtime/contract/config-schema.ts";
import { fillDefaults } from "../../../runtime/contract/config-shape.ts";
import type { ResolvedConfig } from "../../config/types.ts";

/** Why the site's evaluations measure nothing, or undefined when they have tasks to run. */
export function unmeasuredReason(config: ResolvedConfig): string | undefined {
  const settings = fillDefaults(docsConfigFields.agent, config.raw.agent).evaluations;
  if (!settings.enabled) return "unmeasured: agent.evaluations is disabled";
  if ((settings.tasks ?? []).length === 0) return "unmeasured: agent.evaluations.tasks is empty";
  return undefined;
}
