// npm test: the format check, the type check and vitest, at once. Run first, the two checks added their
// 20 s to every run; beside vitest they take what CPU it leaves, at nice 10, so that they never hold up
// the global setup, which every test waits for. Arguments go to vitest (npm test -- test/ops). Exits with
// the first failure's code.

import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';

const bin = (name: string) => join(import.meta.dirname, '../node_modules/.bin', name);
// A young generation of 64 MB a semi-space, for vitest, its workers and every process the tests start
// (they inherit it): rendering allocates many short-lived strings, and V8's default 16 MB scavenged them
// so often that rendering the sample dist's 485,000 files took 12 % longer (31.4 s against 35.7 s, the
// mean of three and four runs; 128 MB gave no more).
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=64`.trim() };
const run = (command: string, args: string[], nice = 0) =>
  new Promise<number>((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    // The processes it starts later (npm's prettier) inherit the priority.
    if (nice && child.pid) setPriority(child.pid, nice);
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all([
  run('npm', ['run', '--silent', 'format:check'], 10),
  run(bin('tsc'), ['-p', '.'], 10),
  run(bin('vitest'), ['run', ...process.argv.slice(2)]),
]);
process.exit(codes.find((c) => c !== 0) ?? 0);
