// npm test: the format check, the type check and vitest, at once. Run first, the two checks added their
// 20 s to every run; beside vitest they take part of the core its global setup leaves idle while it builds
// the sample dist. Arguments go to vitest (npm test -- test/ops). Exits with the first failure's code.

import { spawn } from 'node:child_process';
import { join } from 'node:path';

const bin = (name: string) => join(import.meta.dirname, '../node_modules/.bin', name);
const run = (command: string, args: string[]) =>
  new Promise<number>((done) =>
    spawn(command, args, { stdio: 'inherit' }).on('exit', (code, signal) => done(code ?? (signal ? 1 : 0))),
  );

const codes = await Promise.all([
  run('npm', ['run', '--silent', 'format:check']),
  run(bin('tsc'), ['-p', '.']),
  run(bin('vitest'), ['run', ...process.argv.slice(2)]),
]);
process.exit(codes.find((c) => c !== 0) ?? 0);
