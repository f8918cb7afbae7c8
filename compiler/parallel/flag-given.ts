/**
 * Whether a V8 or Node flag is among a process's arguments. Node accepts `-` and `_` alike inside a flag's name, and
 * the value either after `=` or as the next argument, so `--max_semi_space_size 32` gives `--max-semi-space-size`.
 */
export function flagGiven(args: readonly string[], name: string): boolean {
  const words = name.replace(/^--/, "").split(/[-_]/);
  const pattern = new RegExp(`^--${words.join("[-_]")}(=|$)`);
  return args.some((arg) => pattern.test(arg));
}
