// Where an operation's answer lives in dist, and back: `/api/v1/<op>/<name>/<value>/…/index.json`, a pair
// of segments per parameter given, in the operation's order. List parameters are never in it: they compose
// at request time. The build writes its files at these paths, the resolver maps requests to them, and
// the on-demand renderer and the X-Regstat-Data header read the values back out of them.

import { isListParam, type Canonical } from './params.ts';
import type { RouteOp } from './routes.ts';

const INDEX = '/index.json';

/** The file of an operation for canonical parameter values. */
export function filePath(op: Pick<RouteOp, 'path' | 'params'>, values: Canonical): string {
  let path = op.path;
  for (const p of op.params) {
    if (isListParam(p)) continue;
    const v = values[p.name];
    if (v !== undefined) path += `/${p.name}/${v}`;
  }
  return path + INDEX;
}

/** The values a file of `op` was written for (filePath's inverse); a path that is not one of op's files is a bug. */
export function valuesOfFile(op: Pick<RouteOp, 'path'>, path: string): Canonical {
  if (!path.startsWith(`${op.path}/`) || !path.endsWith(INDEX)) throw new Error(`${path} is not a file of ${op.path}`);
  const rest = path.slice(op.path.length + 1, -INDEX.length);
  const segments = rest === '' ? [] : rest.split('/');
  const values: Canonical = {};
  for (const [i, name] of segments.entries()) if (i % 2 === 0) values[name] = segments[i + 1];
  return values;
}
