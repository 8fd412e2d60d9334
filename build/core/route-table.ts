// The route table of a build: the operations' routes plus the codes of the build's scope.

import { routeOf, type BuildContext, type Operation, type RouteData } from '../ops/operation.ts';
import { opDataKind } from './origin.ts';
import { ROUTES_FORMAT, type RouteTable } from '../runtime/routes.ts';

export function routeTable(ops: Operation[], ctx: BuildContext, unavailable: Map<Operation, string>): RouteTable {
  const cities: Record<string, string[]> = {};
  for (const p of ctx.prefs) cities[String(p)] = ctx.sources.regions.citiesOf(p).map((c) => c.cityCode);
  const table: RouteTable = {
    format: ROUTES_FORMAT,
    operations: ops.map((op) => {
      const reason = unavailable.get(op);
      const route =
        ctx.layout === 'compact' && op.compactRoute ? { ...routeOf(op.route), ...op.compactRoute } : routeOf(op.route);
      if (reason) return { ...route, unavailable: reason };
      const more = op.routeConstraints?.(ctx) ?? [];
      const constrained = more.length ? { ...route, constraints: [...(route.constraints ?? []), ...more] } : route;
      return { ...constrained, data: opDataKind(op, constrained, ctx.sources) };
    }),
    prefectures: [...ctx.prefs],
    country: ctx.sources.regions.prefectures.map((p) => p.prefCode),
    cities,
    domains: {},
    labels: {},
    counts: {},
  };
  for (const op of ops) if (!unavailable.has(op) && op.routeData) merge(table, op.routeData(ctx), op.route.path);
  return table;
}

/** Several operations may declare one domain (industries, say); they must agree on it. */
function merge(table: RouteTable, data: RouteData, path: string): void {
  for (const key of ['domains', 'labels', 'counts'] as const) {
    const into: Record<string, unknown> = table[key];
    for (const [name, value] of Object.entries(data[key] ?? {})) {
      const known = into[name];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(value)) {
        throw new Error(`${path} declares ${key}.${name} differently from another operation`);
      }
      into[name] = value;
    }
  }
}
