/**
 * Outputs the package build makes ahead from the package's own files (the minified client scripts, the built-in
 * feedback validator), so that a build reads them rather than making them again. A table beside the module maps a
 * hash of each input to its output and names the versions of the tools that made them. A build uses it only when its
 * own tools have those versions; what the table lacks (a source checkout has none) it makes itself, once per process.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export interface MadeAheadTable {
  /** Tool name → the version that made the outputs. */
  tools: Record<string, string>;
  /** The SHA-256 of an input's key text → its output. */
  outputs: Record<string, string>;
}

export interface MadeAhead<Input> {
  /** The output for `input`: made in this process before, else from the table, else made now. */
  get(input: Input): string;
  /** The table for these inputs, for the package build to write. */
  table(inputs: readonly Input[]): MadeAheadTable;
  /** The table at `file` (by default the one beside the module), when these tools made it and it parses. */
  read(file?: URL): MadeAheadTable | undefined;
}

export interface MadeAheadOptions<Input> {
  /** Where the package build writes the table. */
  file: URL;
  /** The versions of the tools `make` uses. */
  tools: () => Record<string, string>;
  /** The text an input is known by (its source, its schema's JSON). */
  keyText: (input: Input) => string;
  make: (input: Input) => string;
  /** How many outputs a process keeps (`docs dev` may meet a few more as files are edited). */
  keep: number;
}

export function madeAhead<Input>(options: MadeAheadOptions<Input>): MadeAhead<Input> {
  const made = new Map<string, string>();
  let shipped: Map<string, string> | undefined;
  const keyOf = (input: Input) => createHash("sha256").update(options.keyText(input)).digest("hex");

  const read = (file = options.file): MadeAheadTable | undefined => {
    try {
      const table = JSON.parse(readFileSync(file, "utf8")) as MadeAheadTable;
      const tools = options.tools();
      const same = Object.keys(tools).every((tool) => table.tools?.[tool] === tools[tool]);
      return same && table.outputs && typeof table.outputs === "object" ? table : undefined;
    } catch {
      // No table (a source checkout) or a damaged one: everything is made as it is needed.
      return undefined;
    }
  };

  return {
    get(input) {
      const key = keyOf(input);
      let output = made.get(key);
      if (output === undefined) {
        shipped ??= new Map(Object.entries(read()?.outputs ?? {}));
        const found = shipped.get(key);
        output = typeof found === "string" ? found : options.make(input);
        if (made.size >= options.keep) made.clear();
        made.set(key, output);
      }
      return output;
    },
    table(inputs) {
      const outputs: Record<string, string> = {};
      for (const input of inputs) outputs[keyOf(input)] = options.make(input);
      return { tools: options.tools(), outputs };
    },
    read,
  };
}
