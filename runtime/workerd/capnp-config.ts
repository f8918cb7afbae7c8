/**
 * A workerd `config.capnp` for serving a bundled Quire worker locally (tests, or trying a build on the real edge
 * runtime): one socket per worker, and optionally a read-only disk service over `dist/` bound as `ASSETS`.
 */

export interface WorkerdWorker {
  /** Service and socket name. */
  name: string;
  /** Bundled ES module, relative to the config file. */
  moduleFile: string;
  /** `host:port` to listen on. */
  address: string;
  /** Bind `env.ASSETS` to a disk service over this absolute folder. */
  assetsDir?: string;
  /** WebAssembly modules the bundle imports (`bundleWorker`'s `wasmModules`): import specifier, file relative to the config. */
  wasmModules?: { name: string; file: string }[];
  /** Text bindings (variables and secrets), as `wrangler secret` or `[vars]` give a deployed worker. */
  vars?: Record<string, string>;
  /** Let `fetch` reach loopback and private addresses (workerd's default outbound allows public ones only). */
  localOutbound?: boolean;
}

export const WORKERD_COMPATIBILITY_DATE = "2025-09-01";

export function workerdConfig(workers: WorkerdWorker[], compatibilityDate = WORKERD_COMPATIBILITY_DATE): string {
  const services: string[] = [];
  const definitions: string[] = [];
  workers.forEach((worker, index) => {
    const bindings: string[] = [];
    if (worker.assetsDir) {
      // `.well-known/` is a dot-folder: disk services hide those unless allowDotfiles is set.
      services.push(
        `(name = "${worker.name}-assets", disk = (path = ${text(worker.assetsDir)}, writable = false, allowDotfiles = true))`,
      );
      bindings.push(`(name = "ASSETS", service = "${worker.name}-assets")`);
    }
    for (const [name, value] of Object.entries(worker.vars ?? {}))
      bindings.push(`(name = ${text(name)}, text = ${text(value)})`);
    if (worker.localOutbound)
      services.push(`(name = "${worker.name}-outbound", network = (allow = ["public", "private", "local"]))`);
    services.push(`(name = "${worker.name}", worker = .worker${index})`);
    definitions.push(
      [
        `const worker${index} :Workerd.Worker = (`,
        `  modules = [ ${[
          `(name = "worker.js", esModule = embed ${text(worker.moduleFile)})`,
          ...(worker.wasmModules ?? []).map((wasm) => `(name = ${text(wasm.name)}, wasm = embed ${text(wasm.file)})`),
        ].join(", ")} ],`,
        `  compatibilityDate = ${text(compatibilityDate)},`,
        `  bindings = [ ${bindings.join(", ")} ],`,
        ...(worker.localOutbound ? [`  globalOutbound = "${worker.name}-outbound",`] : []),
        `);`,
      ].join("\n"),
    );
  });
  const sockets = workers.map(
    (worker) => `(name = "${worker.name}", address = ${text(worker.address)}, http = (), service = "${worker.name}")`,
  );
  return [
    `using Workerd = import "/workerd/workerd.capnp";`,
    ``,
    `const config :Workerd.Config = (`,
    `  services = [\n    ${services.join(",\n    ")}\n  ],`,
    `  sockets = [\n    ${sockets.join(",\n    ")}\n  ],`,
    `);`,
    ``,
    ...definitions,
    ``,
  ].join("\n");
}

/** A Cap'n Proto text literal. */
function text(value: string): string {
  return JSON.stringify(value);
}
