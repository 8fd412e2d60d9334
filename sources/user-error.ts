// The one kind of failure a user can act on from its message alone: the commands print its message as
// one line and no stack. Anything else that escapes a command is a bug and prints its stack.

export class UserError extends Error {
  override name = 'UserError';
}

/**
 * What an error says is wrong in words safe to show a client, when it has such words (a PackError's
 * `problem`): its message names files by their absolute paths, which only the operator's log may show.
 */
export function clientProblem(e: unknown): string | undefined {
  const problem = e instanceof UserError ? (e as UserError & { problem?: unknown }).problem : undefined;
  return typeof problem === 'string' ? problem : undefined;
}
