// A pack on plain nginx, as a static host or bucket serves it: Range requests, strong ETags, nothing else.

import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './tools.ts';

export async function startFileNginx(pack: string, work: string, port: number): Promise<{ url: string; stop(): void }> {
  const dir = join(work, `pack-host-${port}`);
  const root = join(dir, 'files');
  mkdirSync(root, { recursive: true });
  chmodSync(dir, 0o755);
  chmodSync(root, 0o755);
  try {
    linkSync(pack, join(root, 'regstat.pack')); // nginx's workers may not reach the pack's own folder
  } catch {
    copyFileSync(pack, join(root, 'regstat.pack'));
  }
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; keepalive_requests 100000; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${root}; location / { } } }
`,
  );
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/regstat.pack`;
  await waitFor(url);
  return { url, stop: () => (child.kill('SIGQUIT'), rmSync(dir, { recursive: true, force: true })) };
}
