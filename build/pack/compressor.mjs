// Compresses and writes the pack's blocks on a second thread while the build renders the next (brotli
// takes about a minute of the full build). Plain JavaScript: a worker starts without the TypeScript
// loader. Each block is written as a frame (build/pack/format.ts): crc32 of the rest, raw
// length, brotli stream; the reply is [frame length, check] per block, in order.
// Shared state: [0] blocks handed over and not yet written, [1] set once a write failed or the pack was
// given up (the message follows on `port`).

import { writeSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, crc32 } from 'node:zlib';

const { port, fd, quality, shared } = workerData;
const state = new Int32Array(shared);
let position = workerData.position;

function writeAll(bytes, at) {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, at + done);
}

port.on('message', (raw) => {
  if (Atomics.load(state, 1) === 0) {
    try {
      const packed = brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      const head = Buffer.alloc(8);
      head.writeUInt32LE(raw.length, 4);
      const check = crc32(packed, crc32(head.subarray(4)));
      head.writeUInt32LE(check, 0);
      writeAll(head, position);
      writeAll(packed, position + 8);
      position += 8 + packed.length;
      port.postMessage([8 + packed.length, check]);
    } catch (e) {
      port.postMessage(String((e && e.message) || e));
      Atomics.store(state, 1, 1);
    }
  }
  Atomics.sub(state, 0, 1);
  Atomics.notify(state, 0);
});
