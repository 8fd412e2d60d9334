// Writes batches of files for DiskEffects on a second thread, so rendering and file-system work
// overlap. Plain JavaScript: a worker must start without the TypeScript loader.
// Shared state: [0] batches not yet written, [1] set once a write failed (the message follows on `port`).

import { mkdirSync, writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const state = new Int32Array(workerData.shared);
const { port } = workerData;
const dirs = new Set();

port.on('message', (batch) => {
  if (Atomics.load(state, 1) === 0) {
    try {
      for (let i = 0; i < batch.length; i += 2) {
        const file = batch[i];
        const dir = file.slice(0, file.lastIndexOf('/'));
        if (!dirs.has(dir)) {
          mkdirSync(dir, { recursive: true });
          dirs.add(dir);
        }
        writeFileSync(file, batch[i + 1], { flag: 'wx' }); // wx: a second write to one path is a build bug
      }
    } catch (e) {
      port.postMessage(e instanceof Error ? e.message : String(e));
      Atomics.store(state, 1, 1);
    }
  }
  Atomics.sub(state, 0, 1);
  Atomics.notify(state, 0);
});
