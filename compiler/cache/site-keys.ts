/**
 * Every cache key of one build, computed from its inputs alone (issue 11): the Quire build identity, the config key,
 * each page's key in source order, and — when every page is keyed (no page imports modules) — the fingerprint of the
 * whole build that `build-record.ts` compares with the last build into the same output folder.
 */
import type { BuildInputs } from "../build-inputs.ts";
import { buildFingerprint } from "./build-record.ts";
import { configKey, pageKey, quireBuildIdentity } from "./cache-key.ts";
import { importsModules } from "./imports-modules.ts";

export interface SiteKeys {
  identity: string;
  config: string;
  /** One key per page source, in source order. */
  pageKeys: string[];
  /** Undefined when some page imports modules: its output depends on files outside every key. */
  fingerprint?: string;
}

export function siteKeys(inputs: BuildInputs): SiteKeys {
  const identity = quireBuildIdentity();
  const config = configKey(inputs.loaded.bundled, inputs.components);
  const pageKeys = inputs.pages.map((source) =>
    pageKey(source, { identity, config, languages: inputs.languages, gitDate: inputs.gitDates.get(source.sourcePath) }),
  );
  const fingerprint = inputs.pages.some(importsModules)
    ? undefined
    : buildFingerprint({
        identity,
        config,
        pageKeys,
        staticFiles: inputs.staticFiles,
        git: inputs.git,
        documents: inputs.apiReference,
      });
  return { identity, config, pageKeys, fingerprint };
}
