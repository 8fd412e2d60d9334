// dist/openapi.json: an OpenAPI 3.1 description derived from the same declarations as everything else.

import { describeConditions, type ParamSpec, type RouteOp, type RouteTable } from '../runtime/routes.ts';
import { VERSION } from '../version.ts';

export function openApi(table: RouteTable, titles: Map<string, string>, notice: string) {
  const paths: Record<string, unknown> = {};
  for (const op of table.operations) {
    if (op.unavailable) continue;
    paths[op.path] = {
      get: {
        summary: titles.get(op.path),
        operationId: op.path.replace('/api/v1/', '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()),
        parameters: op.params.map((p) => ({ name: p.name, in: 'query', required: p.required, description: description(p, op), schema: schema(p, table) })),
        responses: {
          200: { description: 'The result; `result` is null for a region without data.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
          400: { description: 'A parameter is missing, malformed, repeated or out of range.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          404: { description: 'Unknown path, or an operation this build has no data for.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'regstat: RESAS API v1 compatible', version: VERSION, description: notice },
    paths,
    components: {
      schemas: {
        Envelope: { type: 'object', required: ['message', 'result'], properties: { message: { type: 'null' }, result: { type: ['object', 'array', 'null'] } } },
        Error: {
          type: 'object',
          required: ['statusCode', 'message', 'description'],
          properties: { statusCode: { type: 'string', examples: ['400'] }, message: { type: 'string' }, description: { type: 'string' } },
        },
      },
    },
  };
}

function description(p: ParamSpec, op: RouteOp): string {
  const notes = [p.doc];
  if (p.ignored) notes.push('Accepted and ignored.');
  if (p.activeWhen) notes.push(`Takes effect only${describeConditions(p)}; otherwise ignored.`);
  for (const c of op.constraints ?? []) {
    if (c.param !== p.name) continue;
    notes.push('Allowed values: ' + Object.values(c.cases).map((row) => `${row.doc}: ${row.values.length ? row.values.join(', ') : 'none'}`).join('; ') + '.');
  }
  return notes.join(' ');
}

function schema(p: ParamSpec, table: RouteTable) {
  switch (p.type) {
    case 'pref':
      return { type: 'integer', enum: table.prefectures };
    case 'city':
      return { type: 'string', pattern: '^(-|[0-9]{5})$', ...(p.default ? { default: p.default } : {}) };
    case 'int':
      return {
        type: 'integer',
        ...(p.values ? { enum: p.values } : { minimum: p.min, maximum: p.max }),
        ...(p.default !== undefined ? { default: p.default } : {}),
      };
    case 'areas':
      return { type: 'string', pattern: `^[0-9]{1,2}_([0-9]{5})?(,[0-9]{1,2}_([0-9]{5})?){0,${p.max - 1}}$` };
    case 'code': {
      const domain = table.domains[p.domain] ?? [];
      // A parented domain's codes depend on another parameter: the schema lists their union.
      const codes = Array.isArray(domain) ? domain : [...new Set(Object.values(domain).flat())].sort();
      return { type: 'string', enum: [...(p.all ? ['-'] : []), ...codes], ...(p.default !== undefined ? { default: p.default } : {}) };
    }
    case 'tecs':
      return { type: 'string', pattern: `^[0-9]*_[0-9]*(,[0-9]*_[0-9]*){0,${p.max - 1}}$`, ...(p.default !== undefined ? { default: p.default } : {}) };
  }
}
