// npm start: build dist from the sample provider if there is none yet, then serve it on PORT.

import { existsSync } from 'node:fs';
import { runBuild } from './build.ts';
import { fail } from './fail.ts';
import { serve } from './serve.ts';

try {
  if (!existsSync('dist/manifest.json')) {
    process.stderr.write('regstat: no dist/ yet; building it from the sample provider (synthetic data) first\n');
    runBuild([]);
  }
  serve('dist', Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
} catch (e) {
  fail(e);
}
