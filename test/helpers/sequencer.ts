// The order vitest starts test files in: longest first, so that the files left when a worker frees are
// short ones and neither worker idles long at the end (the longest-processing-time rule). Vitest orders
// by the durations of the previous run when it has them (node_modules/.vite), but a clean clone has none:
// it then kept the glob's order, and a 59 s file started last left one worker idle 24 s (measured).
// Durations of the previous run win where there are any; otherwise those below, from a clean-clone run.

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file in a clean-clone `npm test` on the 2-core machine (7cf41c6); unlisted files took under 2 s. */
const SECONDS: Record<string, number> = {
  'test/sources/inputs.test.ts': 95,
  'test/server/on-demand.test.ts': 72,
  'test/build/build.test.ts': 64,
  'test/build/shares.test.ts': 59,
  'test/sources/estat-import.test.ts': 50,
  'test/build/cli.test.ts': 48,
  'test/explorer/explorer.browser.test.ts': 37,
  'test/build/rebuild.test.ts': 36,
  'test/sources/sources.test.ts': 21,
  'test/build/coverage.test.ts': 19,
  'test/adapters/reference.browser.test.ts': 18,
  'test/ops/result-schemas.test.ts': 15,
  'test/adapters/conformance.test.ts': 13,
  'test/runtime/fuzz.test.ts': 11,
  'test/ops/medical.test.ts': 10,
  'test/pack/pack.test.ts': 9,
  'test/deploy/layout.test.ts': 8,
  'test/ops/industry-municipality.test.ts': 6,
  'test/deploy/nginx-semantics.test.ts': 5,
  'test/server/reference-hosts.test.ts': 4,
  'test/server/http-semantics.test.ts': 4,
  'test/build/openapi.test.ts': 4,
  'test/adapters/browser.test.ts': 4,
  'test/adapters/edge.test.ts': 3,
  'test/sources/estat-real.test.ts': 2,
  'test/sources/columns.test.ts': 2,
  'test/sources/anchors.test.ts': 2,
  'test/runtime/resolver.test.ts': 2,
  'test/ops/tourism.test.ts': 2,
  'test/ops/employment.test.ts': 2,
  'test/build/openapi-types.test.ts': 2,
  'test/build/golden.test.ts': 2,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const ms = (f: TestSpecification) => {
      const path = relative(root, f.moduleId);
      return this.ctx.cache.getFileTestResults(`${f.project.name}:${path}`)?.duration ?? (SECONDS[path] ?? 1) * 1000;
    };
    return [...files].sort((a, b) => ms(b) - ms(a) || (a.moduleId < b.moduleId ? -1 : 1));
  }
}
