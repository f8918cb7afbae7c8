/** What every emitter receives. Emitters add files; they never read sources or write to disk. */
import type { ResolvedConfig } from "../config/types.ts";
import type { BuildMessage } from "../diagnostics.ts";
import type { SiteModel } from "../model/types.ts";
import type { OutputFiles } from "../write/write-dist.ts";
import type { StagedDist } from "../write/staged-dist.ts";
import type { FileDigests } from "./file-digests.ts";

export interface EmitContext {
  site: SiteModel;
  config: ResolvedConfig;
  /** dist-relative path (no leading slash) → contents. Files from the site's `public/` folder are applied last and win. */
  files: OutputFiles;
  /**
   * Where a `docs build` writes files as they are made (write/staged-dist.ts): the pages, then each site file.
   * Written files are not in `files`; `outputNames` and `outputDigest` (file-digests.ts) see both. Absent in `docs
   * dev`, which keeps every file in `files`.
   */
  staged?: StagedDist;
  /** Warnings for the build summary; errors go here too and fail the build before anything is written. */
  messages: BuildMessage[];
  /**
   * Content digests of output files (file-digests.ts); in `docs dev` unchanged files keep the previous build's.
   * Default: every file hashed.
   */
  digests?: FileDigests;
}
