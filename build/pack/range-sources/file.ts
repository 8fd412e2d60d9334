// A pack on the local disk (the offline bundle's serve.mjs, npm run edge's checks, the tests).

import { closeSync, fstatSync, openSync, read } from 'node:fs';
import { type RangeSource } from '../reader.ts';
import { PackError } from '../../user-error.ts';

export function fileSource(file: string): RangeSource {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PackError(
      file,
      code === 'ENOENT' ? 'it does not exist' : `it cannot be opened (${code ?? (e as Error).message})`,
      'Give the path of a pack written by npm run bundle.',
    );
  }
  return {
    name: file,
    async read(offset, length) {
      // The size now, not at open: a file truncated or replaced in place is then refused by the reader.
      const size = fstatSync(fd).size;
      const bytes = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      for (let done = 0; done < bytes.length; ) {
        const n = await new Promise<number>((ok, fail) =>
          read(fd, bytes, done, bytes.length - done, offset + done, (e, n) => (e ? fail(e) : ok(n))),
        );
        if (n === 0) return { bytes: bytes.subarray(0, done), size };
        done += n;
      }
      return { bytes, size };
    },
    close: () => closeSync(fd),
  };
}
