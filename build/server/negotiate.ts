// What a request asks of its representation: the content coding it accepts (with q-values, so
// `gzip;q=0` refuses gzip), whether its validators match (weak or strong, or `*`), and the path and
// query of its target in any of the forms HTTP allows (origin-form, absolute-form).

export type Coding = 'identity' | 'gzip' | 'br';

const codings = new Map<string, Coding>();

/** The best coding we offer for an Accept-Encoding value; results are remembered (clients send a few distinct values). */
export function preferredCoding(header: string | undefined): Coding {
  if (header === undefined || header === '') return 'identity';
  let c = codings.get(header);
  if (c === undefined) {
    c = parseCoding(header);
    if (codings.size >= 256) codings.clear();
    if (header.length <= 256) codings.set(header, c);
  }
  return c;
}

function parseCoding(header: string): Coding {
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^q=([0-9.]+)$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const br = of('br');
  const gzip = Math.max(of('gzip'), q.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** If-None-Match against the tags of a representation, by the weak comparison RFC 9110 prescribes for it. */
export function noneMatch(header: string, tags: readonly string[]): boolean {
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    let tag = raw.trim();
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tags.includes(tag)) return true;
  }
  return false;
}

/**
 * The path and query of a request target: origin-form as it is; absolute-form (`http://host/p?q`, which
 * proxies send and HTTP/1.1 servers must accept) by its path. Null for any other form (`*`, junk).
 */
export function targetOf(url: string): string | null {
  if (url.charCodeAt(0) === 47) return url;
  const m = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!m) return null;
  const rest = url.slice(m[0].length);
  return rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
}
