// The options that say what to render from, shared by npm run build, npm start and npm run bundle:
// the sources, the seed, the scope, the families and the layout.

import { DiskTableCache } from '../../sources/cache.ts';
import { dirSourceSet } from '../../sources/dir.ts';
import { loadSources } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import type { BuildOptions } from '../core/build.ts';
import { operationsOf } from '../ops/index.ts';

export const SOURCE_OPTIONS = {
  sources: { type: 'string' },
  seed: { type: 'string' },
  prefs: { type: 'string' },
  only: { type: 'string' },
  layout: { type: 'string', default: 'full' },
  'no-cache': { type: 'boolean', default: false },
} as const;

export interface SourceValues {
  sources?: string;
  seed?: string;
  prefs?: string;
  only?: string;
  layout?: string;
  'no-cache'?: boolean;
}

/** Checks the cheap options first, so a typo fails before any table is read. */
export function buildOptionsFrom(values: SourceValues, load: { eager: boolean }): BuildOptions {
  const layout = values.layout ?? 'full';
  if (layout !== 'full' && layout !== 'compact') throw new Error(`--layout takes full or compact, got ${JSON.stringify(layout)}.`);
  const prefs = parsePrefs(values.prefs);
  const operations = values.only ? operationsOf(values.only.split(',').map((s) => s.trim())) : undefined;
  const set = values.sources ? dirSourceSet(values.sources) : sampleSourceSet(values.seed);
  // Tables checked by an earlier run come from the cache; a build still checks every table before it writes.
  const sources = loadSources(set, { eager: load.eager, ...(values['no-cache'] ? {} : { cache: new DiskTableCache() }) });
  return { sources, layout, ...(prefs ? { prefs } : {}), ...(operations ? { operations } : {}) };
}

/** `--prefs 1,13` as prefecture codes. */
export function parsePrefs(text: string | undefined): number[] | undefined {
  return text?.split(',').map((s) => {
    if (!/^[0-9]{1,2}$/.test(s.trim())) throw new Error(`--prefs takes prefecture codes separated by commas, such as 1,13; got ${JSON.stringify(s)}.`);
    return Number(s);
  });
}
