// What to render from, as a command line names it: the source values (--sources, --seed, --prefs, --only,
// --layout, --no-cache, --errors) checked into choices without reading a table, then loaded into the
// options of a build. The commands parse them (build/cli/source-options.ts); npm start's render threads
// and response cache, which get them as plain data, load them here too.

import { DiskTableCache } from '../../sources/cache.ts';
import { dirSourceSet } from '../../sources/dir.ts';
import { loadSources, type SourceSet } from '../../sources/load.ts';
import { sampleSourceSet } from '../../sources/sample/index.ts';
import type { TableName } from '../../sources/tables.ts';
import { OPERATIONS, operationsOf } from '../ops/index.ts';
import type { Operation } from '../ops/operation.ts';
import type { ErrorMode } from '../runtime/errors.ts';
import { parseErrorMode } from './error-mode.ts';
import { UsageError } from '../user-error.ts';
import type { BuildOptions } from './build.ts';

export interface SourceValues {
  sources?: string;
  seed?: string;
  prefs?: string;
  only?: string;
  layout?: string;
  'no-cache'?: boolean;
  errors?: string;
}

/** What the source options ask for, checked without reading any table. */
interface SourceChoices {
  set: SourceSet;
  layout: 'full' | 'compact';
  prefs?: number[];
  operations?: Operation[];
  errors?: ErrorMode;
  noCache: boolean;
}

/** The cheap checks: a typo, a missing sources folder or a bad dataset.json fails before anything is read or written. */
export function sourceChoices(values: SourceValues): SourceChoices {
  const layout = values.layout ?? 'full';
  if (layout !== 'full' && layout !== 'compact')
    throw new UsageError(`--layout takes full or compact, got ${JSON.stringify(layout)}.`);
  const prefs = parsePrefs(values.prefs);
  const errors = parseErrorMode(values.errors);
  let operations: Operation[] | undefined;
  try {
    operations = values.only ? operationsOf(values.only.split(',').map((s) => s.trim())) : undefined;
  } catch (e) {
    throw new UsageError((e as Error).message, { cause: e });
  }
  const set = values.sources ? dirSourceSet(values.sources) : sampleSourceSet(values.seed);
  return {
    set,
    layout,
    ...(prefs ? { prefs } : {}),
    ...(operations ? { operations } : {}),
    ...(errors ? { errors } : {}),
    noCache: values['no-cache'] ?? false,
  };
}

/**
 * Loads the sources the options name. `warn` hears of each table that has a header and no rows when it
 * loads (a build: all of them now; npm start: when first read).
 */
export function buildOptionsFrom(
  values: SourceValues | SourceChoices,
  load: { eager: boolean; warn?: (message: string) => void },
): BuildOptions {
  const { set, layout, prefs, operations, errors, noCache } = 'set' in values ? values : sourceChoices(values);
  const warn = load.warn;
  const empty = new Set<TableName>();
  const onEmpty =
    warn &&
    ((name: TableName, file: string) => {
      empty.add(name);
      warn(emptyTableWarning(name, file, operations ?? OPERATIONS, (t) => empty.has(t) || !set.files[t]));
    });
  // Tables checked by an earlier run come from the cache; a build still checks every table before it writes.
  const sources = loadSources(set, {
    eager: load.eager,
    ...(noCache ? {} : { cache: new DiskTableCache() }),
    ...(onEmpty ? { onEmpty } : {}),
  });
  return {
    sources,
    ownsSources: true,
    layout,
    ...(prefs ? { prefs } : {}),
    ...(operations ? { operations } : {}),
    ...(errors ? { errors } : {}),
  };
}

/**
 * The warning for a header-only table: which operations it leaves without data. An operation that may
 * take its facts from either of two tables is named once neither is known to have rows.
 */
export function emptyTableWarning(
  name: TableName,
  file: string,
  operations: readonly Operation[],
  noRows: (t: TableName) => boolean,
): string {
  const emptied =
    name === 'prefectures'
      ? operations
      : operations.filter((op) =>
          op.needs.some((need) => (Array.isArray(need) ? need.includes(name) && need.every(noRows) : need === name)),
        );
  const paths = emptied.map((op) => op.route.path);
  const what = name === 'prefectures' ? 'every operation' : paths.length ? paths.join(', ') : 'no operation on its own';
  const more = name === 'municipalities' ? ', and every operation has no municipal files' : '';
  const leave =
    paths.length === 0
      ? ''
      : ` to leave ${paths.length === 1 ? 'that operation out (it then answers' : 'those operations out (they then answer'} 404 saying why)`;
  return `warning: ${file} has a header and no rows, so it empties ${what}${more}; add its rows, or remove the file${leave}`;
}

/** `--prefs 1,13` as prefecture codes. */
function parsePrefs(text: string | undefined): number[] | undefined {
  return text?.split(',').map((s) => {
    if (!/^[0-9]{1,2}$/.test(s.trim()))
      throw new UsageError(
        `--prefs takes prefecture codes separated by commas, such as 1,13; got ${JSON.stringify(s)}.`,
      );
    return Number(s);
  });
}
