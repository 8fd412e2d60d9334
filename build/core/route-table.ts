// The route table of a build: the operations' routes plus the region codes of the build's scope.

import type { BuildContext, Operation } from '../ops/operation.ts';
import { ROUTES_FORMAT, type RouteTable } from '../runtime/routes.ts';

export function routeTable(ops: Operation[], ctx: BuildContext, unavailable: Map<Operation, string>): RouteTable {
  const cities: Record<string, string[]> = {};
  for (const p of ctx.prefs) cities[String(p)] = ctx.sources.regions.citiesOf(p).map((c) => c.cityCode);
  return {
    format: ROUTES_FORMAT,
    operations: ops.map((op) => {
      const reason = unavailable.get(op);
      return reason ? { ...op.route, unavailable: reason } : op.route;
    }),
    prefectures: [...ctx.prefs],
    cities,
  };
}
