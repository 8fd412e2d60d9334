// Vercel: vercel.json `routes` with `has`/`missing` query conditions. Values are checked by anchored
// regular expressions and captured in canonical form (leading zeros dropped), so a rule only ever names
// a file with canonical segments; anything else gets the API's error bodies with the right status.

import { COMMON_HEADERS, ERROR_CACHE_CONTROL, FILE_CACHE_CONTROL, JSON_TYPE } from '../runtime/respond.ts';
import { typeOf } from '../runtime/params.ts';
import { composingParam, type ParamSpec, type RouteTable } from '../runtime/routes.ts';
import { queryRules, safeName } from './query-rules.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value's pattern, capturing its canonical form: integers lose their leading zeros. */
function valuePattern(p: ParamSpec, table: RouteTable, group: string, as?: string): string {
  const type = typeOf(p);
  if (type.list) return `(?<${group}>.*)`;
  // A presence parameter's rule for -, or for every other value of its form.
  if (as !== undefined) return as === '-' ? `(?<${group}>-)` : `(?<${group}>${type.syntax(p).replace(/^-\|/, '')})`;
  if (!type.numeric) return `(?<${group}>${type.syntax(p)})`;
  const allowed = type.allowed(p, table);
  if ('min' in allowed) return `(?<${group}>0|[1-9][0-9]{0,8})`;
  const values = (allowed as { values: (number | string)[] }).values;
  // An open bound (-) is its own canonical form (no zeros before it); the integers lose their leading zeros.
  return values.includes('-') ? `(?!0+-)0*(?<${group}>${values.join('|')})` : `0*(?<${group}>${values.join('|')})`;
}

export function vercelConfig(table: RouteTable) {
  const routes: Record<string, unknown>[] = [
    {
      src: '^/api/(.*)$',
      headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': FILE_CACHE_CONTROL, ...COMMON_HEADERS },
      continue: true,
    },
  ];
  for (const op of table.operations) {
    const src = `^${escape(op.path)}/?$`;
    const param = composingParam(op);
    if (param)
      routes.push({
        src,
        has: [{ type: 'query', key: param }],
        dest: '/_errors/composition.json',
        status: 501,
        headers: { 'Cache-Control': ERROR_CACHE_CONTROL },
      });
  }
  for (const r of queryRules(table, { collapse: true })) {
    const names = new Set(r.given.map((g) => g.name));
    const missing = [...r.op.params.flatMap((p) => [p.name, ...(p.aliases ?? [])])].filter(
      (n) => !names.has(n) && !r.op.params.find((p) => p.name === n)?.ignored,
    );
    routes.push({
      src: `^${escape(r.op.path)}/?$`,
      has: r.given.map((g) => ({
        type: 'query',
        key: g.name,
        value: valuePattern(g.spec, table, safeName(g.name), g.as),
      })),
      ...(missing.length ? { missing: missing.map((key) => ({ type: 'query', key })) } : {}),
      dest: r.destination,
    });
  }
  // The resas error mode answers an unknown path with 200 and the original's body (dist/_errors/404.json);
  // an error is never cached as a file, whatever its status.
  routes.push(
    { handle: 'filesystem' },
    { src: '^/api/v1/(.+?)/?$', dest: '/api/v1/$1/index.json', check: true },
    {
      src: '^/api/.*$',
      dest: '/_errors/404.json',
      status: table.errors === 'resas' ? 200 : 404,
      headers: { 'Cache-Control': ERROR_CACHE_CONTROL },
    },
  );
  return { $schema: 'https://openapi.vercel.sh/vercel.json', cleanUrls: false, trailingSlash: false, routes };
}
