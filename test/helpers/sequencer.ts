// The order vitest starts test files in: longest first, so that the files left when a worker frees are
// short ones and neither worker idles long at the end (the longest-processing-time rule). Vitest orders
// by the durations of the previous run when it has them (node_modules/.vite), but a clean clone has none:
// it then kept the glob's order, and a 59 s file started last left one worker idle 24 s (measured).
// Durations of the previous run win where there are any; otherwise those below, from a clean-clone run.
// The files that do not read the sample dist go first: they run while it is built (sample-state.ts).

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readsSample } from './sample-state.ts';

/** Seconds per file in an `npm test` on the 2-core machine (with the sample dist built; unlisted files took under 2 s). */
const SECONDS: Record<string, number> = {
  'test/server/on-demand.test.ts': 73,
  'test/build/cli.test.ts': 53,
  'test/build/shares.test.ts': 51,
  'test/sources/inputs.test.ts': 44,
  'test/build/build.test.ts': 43,
  'test/explorer/explorer.browser.test.ts': 37,
  'test/sources/estat-import.test.ts': 30,
  'test/sources/sources.test.ts': 17,
  'test/adapters/conformance.test.ts': 13,
  'test/adapters/reference.browser.test.ts': 12,
  'test/build/rebuild.test.ts': 11,
  'test/build/coverage.test.ts': 8,
  'test/ops/result-schemas.test.ts': 8,
  'test/pack/pack.test.ts': 8,
  'test/ops/medical.test.ts': 5,
  'test/server/http-semantics.test.ts': 5,
  'test/adapters/edge.test.ts': 4,
  'test/server/reference-hosts.test.ts': 4,
  'test/deploy/layout.test.ts': 3,
  'test/ops/employment.test.ts': 3,
  'test/ops/industry-municipality.test.ts': 3,
  'test/adapters/browser.test.ts': 2,
  'test/build/golden.test.ts': 2,
  'test/build/openapi.test.ts': 2,
  'test/deploy/nginx-semantics.test.ts': 2,
  'test/runtime/fuzz.test.ts': 2,
  'test/runtime/resolver.test.ts': 2,
  'test/sources/columns.test.ts': 2,
  'test/sources/estat-real.test.ts': 2,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const ms = (f: TestSpecification) => {
      const path = relative(root, f.moduleId);
      return this.ctx.cache.getFileTestResults(`${f.project.name}:${path}`)?.duration ?? (SECONDS[path] ?? 1) * 1000;
    };
    const waits = new Map(files.map((f) => [f, readsSample(readFileSync(f.moduleId, 'utf8'))]));
    return [...files].sort(
      (a, b) => +waits.get(a)! - +waits.get(b)! || ms(b) - ms(a) || (a.moduleId < b.moduleId ? -1 : 1),
    );
  }
}
