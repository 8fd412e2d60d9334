// Writes batches of files for DiskEffects on a second thread, so rendering and file-system work
// overlap. Plain JavaScript: a worker must start without the TypeScript loader.
// Shared state: [0] batches not yet written, [1] set once a write failed ({ message, code, path } follows on `port`).

import { mkdirSync, writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const state = new Int32Array(workerData.shared);
const { port, precompress, fault } = workerData;
let writes = 0;
// Siblings for servers that send stored compressed forms (nginx gzip_static, Caddy precompressed);
// small bodies are not worth a second and third file.
const PRECOMPRESS_MIN = 1024;
const dirs = new Set();

port.on('message', (batch) => {
  if (Atomics.load(state, 1) === 0) {
    let current; // the file being written, for the error
    try {
      for (let i = 0; i < batch.length; i += 2) {
        const file = (current = batch[i]);
        const dir = file.slice(0, file.lastIndexOf('/'));
        if (!dirs.has(dir)) {
          mkdirSync(dir, { recursive: true });
          dirs.add(dir);
        }
        const body = batch[i + 1];
        // Tests inject a full disk here: one cannot be made on demand.
        if (fault && ++writes > fault.after)
          throw Object.assign(new Error(`${fault.code}: injected failure, open '${file}'`), {
            code: fault.code,
            path: file,
          });
        writeFileSync(file, body, { flag: 'wx' }); // wx: a second write to one path is a build bug
        if (precompress && file.endsWith('.json') && body.length >= PRECOMPRESS_MIN / 3) {
          const bytes = Buffer.from(body);
          if (bytes.length >= PRECOMPRESS_MIN) {
            writeFileSync((current = `${file}.gz`), gzipSync(bytes, { level: 9 }), { flag: 'wx' });
            writeFileSync(
              (current = `${file}.br`),
              brotliCompressSync(bytes, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
              }),
              { flag: 'wx' },
            );
          }
        }
      }
    } catch (e) {
      // The code and path let the build say which output file and what to do (ENOSPC, EROFS, EACCES…).
      // A failed write(2) names no path: the file being written is the one.
      port.postMessage({
        message: e instanceof Error ? e.message : String(e),
        code: e?.code,
        path: e?.path ?? current,
      });
      Atomics.store(state, 1, 1);
    }
  }
  Atomics.sub(state, 0, 1);
  Atomics.notify(state, 0);
});
