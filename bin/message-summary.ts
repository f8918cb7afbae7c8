/**
 * Issue 10: `docs build` on a migrated site can report thousands of messages (one per use of an unknown component).
 * The output shows the first few in full, says how many more there are, and ends with one line per cause: the
 * message, how many times and in how many pages, and where it first happens. `--verbose` prints every message.
 */
import { formatMessage, type BuildMessage } from "../compiler/diagnostics.ts";

/** Messages printed in full before "and N more" when not verbose. */
export const SHOWN_MESSAGES = 20;

export interface MessageCause {
  severity: BuildMessage["severity"];
  rule: BuildMessage["rule"];
  reason: string;
  count: number;
  pages: number;
  first: BuildMessage;
}

/** Messages grouped by what is wrong (rule + reason), in order of first appearance. */
export function causesOf(messages: readonly BuildMessage[]): MessageCause[] {
  const causes = new Map<string, MessageCause & { files: Set<string> }>();
  for (const message of messages) {
    const key = `${message.severity}\0${message.rule}\0${message.reason}`;
    const cause = causes.get(key) ?? {
      severity: message.severity,
      rule: message.rule,
      reason: message.reason,
      count: 0,
      pages: 0,
      first: message,
      files: new Set(),
    };
    cause.count++;
    cause.files.add(message.file);
    cause.pages = cause.files.size;
    causes.set(key, cause);
  }
  return [...causes.values()].map(({ files: _files, ...cause }) => cause);
}

/** The lines `docs build` prints for these messages (each line already prefixed with its severity). */
export function reportLines(messages: readonly BuildMessage[], options: { verbose: boolean }): string[] {
  const shown = options.verbose ? messages : messages.slice(0, SHOWN_MESSAGES);
  const lines = shown.map((m) => `${m.severity} ${formatMessage(m)}`);
  const hidden = messages.length - shown.length;
  if (hidden > 0) lines.push(`… and ${hidden} more (run with --verbose to list every message)`);
  const causes = causesOf(messages);
  // A summary only says something when messages repeat or some were left out.
  if (hidden > 0 || causes.length < messages.length) {
    lines.push("", "By cause:");
    for (const cause of causes) lines.push(`  ${describeCause(cause)}`);
  }
  return lines;
}

export function describeCause(cause: MessageCause): string {
  const { first } = cause;
  const where = first.line ? `${first.file}:${first.line}:${first.column ?? 1}` : first.file;
  const uses = `${cause.count} ${cause.count === 1 ? "time" : "times"} in ${cause.pages} ${cause.pages === 1 ? "file" : "files"}`;
  return `${cause.severity} ${cause.reason} [${cause.rule}] — ${uses}; first at ${where}`;
}
