/**
 * `docs init` on a terminal (issue 11): asks for the folder and the title, each with a default that Enter accepts.
 * Takes its streams as arguments, so tests drive it with plain streams and the command with the process's TTY.
 */
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

export interface PromptStreams {
  input: Readable;
  output: Writable;
}

export interface InitQuestion {
  /** What is asked, without the default or punctuation: `Site title`. */
  label: string;
  /** The answer when the reply is empty; shown in parentheses. */
  defaultValue: string;
}

/** Thrown when the input ends or Ctrl-C is pressed before every question has an answer. */
export class PromptCancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

/**
 * Asks the questions one after the other; `next` gives the following question from the answers so far, or undefined
 * when there is nothing more to ask. Answers are trimmed; an empty one takes the default.
 */
export async function askQuestions(
  streams: PromptStreams,
  next: (answers: string[]) => InitQuestion | undefined,
): Promise<string[]> {
  const terminal = (streams.output as Writable & { isTTY?: boolean }).isTTY === true;
  const lines = createInterface({ input: streams.input, output: streams.output, terminal });
  const answers: string[] = [];
  const pending: string[] = [];
  let waiting: ((line: string | undefined) => void) | undefined;
  const deliver = (line: string | undefined) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(line);
    } else if (line !== undefined) pending.push(line);
  };
  let closed = false;
  lines.on("line", (line) => deliver(line));
  lines.on("close", () => {
    closed = true;
    deliver(undefined);
  });
  lines.on("SIGINT", () => lines.close());
  try {
    for (let question = next(answers); question; question = next(answers)) {
      // Through readline, so line editing on a terminal redraws the prompt with the answer.
      lines.setPrompt(`${question.label} (${question.defaultValue}): `);
      lines.prompt();
      const line =
        pending.shift() ??
        (closed ? undefined : await new Promise<string | undefined>((resolve) => (waiting = resolve)));
      if (line === undefined) {
        streams.output.write("\n");
        throw new PromptCancelled();
      }
      answers.push(line.trim() || question.defaultValue);
    }
    return answers;
  } finally {
    lines.close();
  }
}
