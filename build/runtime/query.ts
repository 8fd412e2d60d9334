// Query strings are decoded the way browsers encode forms: `+` is a space, then percent-decoding.
// Every occurrence of a name is kept, so the resolver can reject a repeated single-valued parameter.

export type Params = Map<string, string[]>;

export const MAX_QUERY_LENGTH = 8192;

/** Parses `a=1&b=2` (with or without the leading `?`); returns null when percent-encoding is broken. */
export function parseQuery(search: string, into: Params = new Map()): Params | null {
  const s = search.startsWith('?') ? search.slice(1) : search;
  if (s === '') return into;
  for (const part of s.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return null;
    add(into, name, value);
  }
  return into;
}

export function add(params: Params, name: string, value: string): void {
  const list = params.get(name);
  if (list) list.push(value);
  else params.set(name, [value]);
}

function decode(s: string): string | null {
  if (s.indexOf('%') < 0 && s.indexOf('+') < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
