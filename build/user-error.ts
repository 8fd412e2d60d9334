// The failures a user can act on from their message alone: the commands print the message as one line and
// no stack (build/cli/fail.ts); anything else that escapes a command is a bug and prints its stack. Every
// layer throws them, from the sources' readers to the runtime bundled into workers, so this module imports
// nothing and every layer may import it.

interface UserErrorOptions {
  /** What is wrong in words safe to show a client: the message names files by their absolute paths, which only the operator's log may show. */
  problem?: string;
  /** The error beneath (a refused connection, a parser's complaint), for the operator: never shown to a client. */
  cause?: unknown;
}

export class UserError extends Error {
  override name = 'UserError';
  declare readonly problem?: string;
  constructor(message: string, options: UserErrorOptions = {}) {
    // Escaped here, where every message is made, since many quote a file's cells or names.
    super(printable(message), options.cause === undefined ? {} : { cause: options.cause });
    if (options.problem !== undefined) this.problem = printable(options.problem);
  }
}

const CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * What a terminal would act on instead of showing, escaped: the C0 controls (line breaks and tabs too, a
 * message being one line), DEL, the C1 controls, and the formats that reorder or break a line (bidi
 * overrides and isolates, U+2028/U+2029). A downloaded file's cell holding ESC [ 2 J would otherwise clear
 * the screen of whoever reads the message; it shows as \x1b[2J instead. Backslashes are left as they are.
 */
export function printable(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** A fault in the user's input that its message explains. */
export class InputError extends UserError {
  override name = 'InputError';
}

/** A fault at a place in a source file, reported as file:line:column. */
export class SourceError extends InputError {
  override name = 'SourceError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    /** What is wrong there, and how to fix it. */
    readonly detail: string,
    options: UserErrorOptions = {},
  ) {
    super(`${file}:${line}:${column}: ${detail}`, options);
  }
}

/** A command line the command cannot run (unknown option, bad value): exit status 2, as Unix tools use. */
export class UsageError extends UserError {
  override name = 'UsageError';
}

/** A build output that cannot be written (full disk, read-only, no permission): its message names the file and what to do. */
export class OutputError extends UserError {
  override name = 'OutputError';
}

/**
 * A pack that cannot be read: damaged, truncated, replaced, foreign, or out of reach. Its `problem` says
 * what is wrong without where the pack lives; its message adds the cause beneath (a refused connection
 * names the host) for the operator.
 */
export class PackError extends UserError {
  override name = 'PackError';
  declare readonly problem: string;
  constructor(
    readonly source: string,
    problem: string,
    advice: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${source} is not a usable regstat pack: ${problem}${beneath(options.cause)}. ${advice}`, {
      problem,
      ...options,
    });
  }
}

/** The innermost message of an error's causes, in parentheses (fetch's "fetch failed" says less than the refusal beneath it). */
function beneath(cause: unknown): string {
  if (!(cause instanceof Error)) return '';
  let e = cause;
  while (e.cause instanceof Error) e = e.cause;
  return ` (${e.message})`;
}
