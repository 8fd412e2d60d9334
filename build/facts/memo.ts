// The one cache of the facts layer. Facts are computed once per Sources: a build has one, and an
// on-demand server a share per prefecture or year (sources/scope.ts) before the whole, so a cache keyed
// by the Sources object answers each of them and is dropped with it. A key beyond the Sources is a typed
// tuple, never a string the caller builds.

import type { Sources } from '../../sources/load.ts';

/** `compute(sources)` once per Sources. */
export function perSources<T>(compute: (sources: Sources) => T): (sources: Sources) => T {
  const cache = new WeakMap<Sources, T>();
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
  return (sources, ...key) => {
    let byKey = cache.get(sources);
    if (!byKey) cache.set(sources, (byKey = new Map()));
    const id = JSON.stringify(key);
    if (!byKey.has(id)) byKey.set(id, compute(sources, ...key));
    return byKey.get(id)!;
  };
}
