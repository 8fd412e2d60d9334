// The one kind of failure a user can act on from its message alone: the commands print its message as
// one line and no stack. Anything else that escapes a command is a bug and prints its stack.

export class UserError extends Error {
  override name = 'UserError';
}
