// Map idioms the facts and the runtime share, typed so that a lookup that cannot miss needs no `!`.

/** The value of `key`, made by `make` and stored the first time it is asked for. */
export function getOrSet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const known = map.get(key);
  if (known !== undefined || map.has(key)) return known as V;
  const made = make();
  map.set(key, made);
  return made;
}

/** The value a map must hold (a key its own enumeration gave, a code the resolver checked): a miss is a bug, said with what was looked up. */
export function mustGet<K, V>(map: ReadonlyMap<K, V>, key: K, what = 'key'): V {
  const v = map.get(key);
  if (v === undefined && !map.has(key)) throw new Error(`no ${what} ${String(key)}`);
  return v as V;
}
