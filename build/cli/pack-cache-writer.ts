// The child process npm start runs to fill its response cache (build/start/pack-cache.ts): the whole build of the
// given source values into one pack, staged beside its name and renamed when whole.
// Usage: pack-cache-writer.ts <file.pack> <source values as JSON>

import { Worker } from 'node:worker_threads';
import type { SourceValues } from '../core/source-values.ts';

/**
 * Ends this process when the server that started it is gone (killed with -9, or by the kernel for memory): the
 * writer then belongs to PID 1 and would build on for minutes, gigabytes, for no one. The build is synchronous,
 * so the main thread cannot notice; a thread of its own polls the parent's pid and kills the process. A killed
 * writer's staging file is cleared by the next writer (PackEffects).
 */
function endWithParent(): void {
  // The server names itself (pack-cache.ts's WRITER_PARENT): at nice 19 on a busy machine this may run long after it is gone.
  const parent = Number(process.env.REGSTAT_WRITER_PARENT ?? process.ppid);
  const watch = `
    const { workerData } = require('node:worker_threads');
    const check = () => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); };
    check();
    setInterval(check, 200);`;
  new Worker(watch, { eval: true, workerData: parent }).unref();
}

// The watch starts before the build's modules load (seconds of CPU a process at nice 19 may wait long for).
endWithParent();
const { fail } = await import('./fail.ts');
try {
  const [{ build }, { PackEffects }, { buildOptionsFrom }] = await Promise.all([
    import('../core/build.ts'),
    import('../pack/writer.ts'),
    import('../core/source-values.ts'),
  ]);
  const [file, json] = process.argv.slice(2);
  const values = JSON.parse(json!) as SourceValues;
  build(buildOptionsFrom(values, { eager: true }), new PackEffects(file!));
} catch (e) {
  fail(e);
}
