import { SourceError } from '../../sources/csv.ts';

/** Prints an error the way a user can act on it: the message, without a stack for expected failures. */
export function fail(e: unknown): never {
  const expected = e instanceof SourceError || (e instanceof Error && /^(The |--|\S+ exists)/.test(e.message)) || (e as { code?: string })?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  process.stderr.write(`regstat: ${expected ? (e as Error).message : (e as Error)?.stack ?? String(e)}\n`);
  process.exit(1);
}
