// A build that loaded its own sources (the CLI's, npm start's pack writer) lets go of each table after the
// last operation that reads it (issue 52: the tables were about 400 MB of the writer's heap to the end).
// That is only safe if every operation declares what it reads: a table read after its release would be
// loaded again, silently and slowly. A build of one prefecture holds the declarations to what is read.

import { describe, expect, it } from 'vitest';
import { build } from '../../build/core/build.ts';
import { MemoryEffects } from '../../build/core/effects.ts';
import type { Sources } from '../../sources/load.ts';
import type { TableName } from '../../sources/tables.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { GOLDEN_TREE_PREF } from '../golden/requests.ts';
import { FULL } from '../helpers/scope.ts';
import { cachedSample } from '../helpers/sample.ts';

/** The sample's sources, failing any read of a table after the build released it. */
function watched(): { sources: Sources; released: TableName[] } {
  const inner = cachedSample();
  const released: TableName[] = [];
  const tables = new Proxy(inner.tables, {
    get(target, name) {
      if (released.includes(name as TableName)) throw new Error(`${String(name)} is read after it was released`);
      return Reflect.get(target, name);
    },
  });
  const release = (name: TableName) => (released.push(name), inner.release!(name));
  return { sources: { ...inner, tables, release }, released };
}

/** The families the default run builds: facts shared by operations that declare different tables (every family under test:full). */
const FAMILIES = FULL ? undefined : ['fishery', 'forestry', 'agriculture'];

describe('a build that owns its sources', () => {
  it('releases every table its operations read but the region masters once, after the last operation of the last family that reads it, and never reads it again', () => {
    const { sources, released } = watched();
    const operations = OPERATIONS.filter((op) => !FAMILIES || FAMILIES.includes(op.family));
    const effects = new MemoryEffects();
    build({ sources, ownsSources: true, prefs: [GOLDEN_TREE_PREF], operations }, effects);
    expect(effects.files.size).toBeGreaterThan(1_000);
    const read = new Set(operations.flatMap((op) => [...op.needs.flat(), ...(op.mayRead ?? [])]));
    const expected = [...read].filter((t) => t !== 'prefectures' && t !== 'municipalities' && t in sources.tables);
    expect([...released].sort()).toEqual(expected.sort());
  });
});
