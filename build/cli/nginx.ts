// npm run nginx -- --dir <dist> [--port 8080] [--host 127.0.0.1] [--workers 1] [--print]
// Runs nginx in the foreground with the configuration generated from dist/routes.json (or prints it).

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nginxConfig } from '../deploy/nginx.ts';
import { fail } from './fail.ts';
import { DIST_OPTION, parsePort, runCommand, type CommandSpec } from './source-options.ts';
import { UsageError, UserError } from '../user-error.ts';

export const NGINX_COMMAND = {
  name: 'npm run nginx',
  summary:
    'Runs nginx (apt-get install -y nginx) in the foreground with the configuration generated from dist/routes.json, or prints it.',
  options: {
    dir: DIST_OPTION,
    port: { type: 'string', default: '8080', value: '<n>', help: 'the port to listen on' },
    host: { type: 'string', default: '127.0.0.1', value: '<address>', help: 'the address to listen on' },
    workers: { type: 'string', default: '1', value: '<n>|auto', help: 'nginx worker processes' },
    print: { type: 'boolean', default: false, help: 'print the http {} block instead of running nginx' },
  },
  example: 'npm run nginx -- --dir dist --port 8080',
  docs: "Runs nginx (from Debian: `apt-get install -y nginx`) in the foreground with the configuration generated from `dist/routes.json`, or prints it. Its temporary folder (configuration, logs, nginx's temp files) is removed when nginx stops, Ctrl-C included.",
} as const satisfies CommandSpec;

runCommand(import.meta, NGINX_COMMAND, ({ values }) => {
  const root = resolve(values.dir!);
  let table;
  try {
    table = JSON.parse(readFileSync(join(root, 'routes.json'), 'utf8'));
  } catch {
    throw new UsageError(
      `${root} is not a regstat dist (it has no routes.json); build one with npm run build, or pass --dir <dist>.`,
    );
  }
  const workers = values.workers === 'auto' ? 'auto' : Number(values.workers);
  if (workers !== 'auto' && !(Number.isInteger(workers) && workers >= 1))
    throw new UsageError(`--workers takes a positive integer or auto, got ${JSON.stringify(values.workers)}.`);
  parsePort(values.port);
  if (values.print) {
    process.stdout.write(nginxConfig(table, { root, port: Number(values.port), host: values.host! }));
  } else {
    const work = mkdtempSync(join(tmpdir(), 'regstat-nginx-'));
    mkdirSync(work, { recursive: true });
    const conf = join(work, 'nginx.conf');
    writeFileSync(conf, nginxConfig(table, { root, port: Number(values.port), host: values.host!, work, workers }));
    process.stderr.write(
      `regstat: nginx serving ${root} at http://${values.host}:${values.port}/ (configuration ${conf})\n`,
    );
    // The folder holds only what this run made (configuration, pid, logs, temp files): it goes with nginx.
    const removeWork = () => rmSync(work, { recursive: true, force: true });
    const child = spawn('nginx', ['-c', conf, '-p', work, '-e', join(work, 'error.log')], { stdio: 'inherit' });
    child.on('error', (e) => {
      removeWork();
      fail(
        new UserError(`could not start nginx (${e.message}); install it with apt-get install -y nginx`, { cause: e }),
      );
    });
    child.on('exit', (code, signal) => {
      removeWork();
      process.exit(code ?? (signal === 'SIGQUIT' || signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
    });
    // Ctrl-C reaches nginx too (one process group); SIGQUIT lets it finish the requests it is answering.
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill('SIGQUIT'));
  }
});
