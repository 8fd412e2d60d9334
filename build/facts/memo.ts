// The one cache of the facts layer. Facts are computed once per Sources: a build has one, and an
// on-demand server a share per prefecture or year (sources/scope.ts) before the whole, so a cache keyed
// by the Sources object answers each of them and is dropped with it. A key beyond the Sources is a typed
// tuple, never a string the caller builds.

import type { Sources } from '../../sources/load.ts';

/** Every cache of the facts layer, so that a build can let go of what one Sources holds in all of them. */
const CACHES: WeakMap<Sources, unknown>[] = [];

/**
 * Drops every fact computed of `sources`; asked again, they are computed again (the same, since facts are
 * pure). A build that loaded its own sources calls it after each operation: the facts of all 75 operations
 * held together took gigabytes of the full build's heap, though each is read by its own operation's files.
 */
export function forgetFacts(sources: Sources): void {
  for (const cache of CACHES) cache.delete(sources);
}

/** `compute(sources)` once per Sources. */
export function perSources<T>(compute: (sources: Sources) => T): (sources: Sources) => T {
  const cache = new WeakMap<Sources, T>();
  CACHES.push(cache);
  return (sources) => {
    if (!cache.has(sources)) cache.set(sources, compute(sources));
    return cache.get(sources)!;
  };
}

/** `compute(sources, ...key)` once per Sources and key (keys compared by their JSON text). */
export function perSourcesAndKey<K extends readonly unknown[], T>(
  compute: (sources: Sources, ...key: K) => T,
): (sources: Sources, ...key: K) => T {
  const cache = new WeakMap<Sources, Map<string, T>>();
  CACHES.push(cache);
  return (sources, ...key) => {
    let byKey = cache.get(sources);
    if (!byKey) cache.set(sources, (byKey = new Map()));
    const id = JSON.stringify(key);
    if (!byKey.has(id)) byKey.set(id, compute(sources, ...key));
    return byKey.get(id)!;
  };
}
