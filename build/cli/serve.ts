// npm run serve -- [--dir dist] [--port 3000] [--host 127.0.0.1]

import { parseArgs } from 'node:util';
import { createApiServer } from '../server/node.ts';
import { fail } from './fail.ts';

export function serve(dir: string, port: number, host: string) {
  const server = createApiServer({ dir });
  server.listen(port, host, () => {
    const a = server.address();
    const where = typeof a === 'object' && a ? `http://${host}:${a.port}` : String(a);
    process.stderr.write(`regstat: serving ${dir} at ${where}/ (try ${where}/api/v1/prefectures)\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        dir: { type: 'string', default: 'dist' },
        port: { type: 'string', default: process.env.PORT ?? '3000' },
        host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      },
    });
    serve(values.dir!, Number(values.port), values.host!);
  } catch (e) {
    fail(e);
  }
}
