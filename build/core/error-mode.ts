// `--errors`, parsed apart from the source options: npm run serve needs it and nothing of the build (importing
// it from source-values.ts loaded 212 modules, 1.2 of the 1.6 CPU-s of starting the server).

import { ERROR_MODES, type ErrorMode } from '../runtime/errors.ts';
import { UsageError } from '../user-error.ts';

/** `--errors`: absent means the default (real status codes), as a build without the option writes it. */
export function parseErrorMode(text: string | undefined): ErrorMode | undefined {
  if (text === undefined) return undefined;
  if (!(ERROR_MODES as readonly string[]).includes(text)) {
    throw new UsageError(
      `--errors takes ${ERROR_MODES.map((m) => `'${m}'`).join(' or ')} (status: real HTTP status codes, the default; resas: HTTP 200 with the original's error bodies), got ${JSON.stringify(text)}.`,
    );
  }
  return text as ErrorMode;
}
