// /api/v1/: what this API offers, as a response of its own (as PokeAPI's root lists its resources), so a
// person or a client exploring the API from its base URL finds every operation, its parameters and links.

import { successBody } from '../runtime/respond.ts';
import { isListParam } from '../runtime/params.ts';
import type { ParamSpec, RouteTable } from '../runtime/routes.ts';

export function apiIndex(table: RouteTable, titles: Map<string, string>, notice: string): string {
  return successBody({
    notice,
    errors: table.errors ?? 'status',
    links: { docs: '/', manifest: '/manifest.json', openapi: '/openapi.json', routes: '/routes.json' },
    operations: table.operations.map((op) => ({
      path: op.path,
      title: titles.get(op.path) ?? op.path,
      available: !op.unavailable,
      ...(op.unavailable ? { reason: op.unavailable } : {}),
      parameters: op.params.filter((p) => !p.ignored).map(parameter),
      href: op.path,
    })),
  });
}

function parameter(p: ParamSpec) {
  return {
    name: p.name,
    required: p.required,
    ...(p.default !== undefined ? { default: p.default } : {}),
    ...(isListParam(p) ? { list: true } : {}),
    ...(p.aliases ? { aliases: p.aliases } : {}),
    doc: p.doc,
  };
}
