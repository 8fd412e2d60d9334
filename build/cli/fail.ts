import { printable, UsageError, UserError } from '../user-error.ts';

/** File-system failures a user can act on, whatever wrote the file. */
const FS_FAULTS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** The one line a failure prints, or its stack when it is a bug (anything not expected). */
export function failureText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (e instanceof UserError) return err.message;
  if (err?.code && FS_FAULTS[err.code] && err.path)
    return printable(`${FS_FAULTS[err.code]}: ${err.path} (${err.syscall ?? 'io'})`); // a file's name may hold controls
  return err?.stack ?? String(e);
}

/** Prints an error the way a user can act on it: the message, without a stack for expected failures. */
export function fail(e: unknown): never {
  process.stderr.write(`regstat: ${failureText(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
}
