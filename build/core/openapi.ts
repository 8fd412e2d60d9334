// dist/openapi.json: an OpenAPI 3.1 description derived from the same declarations as everything else
// (parameters from the route table, result schemas from each declaration's zod `result`), and
// dist/openapi.d.ts: TypeScript types generated from it with openapi-typescript, for clients.
//
// The document is linted with Redocly's recommended rules in test/build/openapi.test.ts (0 errors, 0
// warnings); every description is Markdown, with code in code spans (`<prefCode>_<cityCode>` is code,
// not HTML).

import { createRequire } from 'node:module';
import { z } from 'zod';
import type { Operation } from '../ops/operation.ts';
import { FAMILY_TABLE, type Family } from '../runtime/families.ts';
import { apiError, compositionNeedsCode, notFound, TOO_BUSY, type ErrorBody } from '../runtime/errors.ts';
import { filePath } from '../runtime/file-path.ts';
import { isListParam, typeOf, type Canonical } from '../runtime/params.ts';
import { resolve } from '../runtime/resolve.ts';
import {
  compileRoutes,
  composingParam,
  describeConditions,
  type CompiledRoutes,
  type ParamSpec,
  type RouteOp,
  type RouteTable,
} from '../runtime/routes.ts';
import { VERSION } from '../version.ts';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 reads it). */
type JsonSchema = { [key: string]: unknown };

/** What the document needs to know of one operation. */
interface OpenApiEntry {
  op: Pick<Operation, 'title' | 'family' | 'description' | 'examples' | 'result'>;
  /** Its route as the build's route table has it. */
  route: RouteOp;
  /** A request of this build's scope (the docs page's), used when none of the declaration's examples is. */
  example?: Canonical;
}

const ERROR_REF = '#/components/schemas/Error';

export function openApi(table: RouteTable, entries: OpenApiEntry[], notice: string) {
  const routes = compileRoutes(table);
  const schemas: Record<string, JsonSchema> = {};
  const paths: Record<string, unknown> = {};
  const ids = new Set<string>();
  const families: Family[] = [];
  const resas = table.errors === 'resas';
  let anyComposes = false;
  for (const entry of entries) {
    const { op, route } = entry;
    if (route.unavailable) continue;
    const id = operationId(route.path);
    if (ids.has(id)) throw new Error(`${route.path}: operationId ${id} is taken by another operation`);
    ids.add(id);
    if (!families.includes(op.family)) families.push(op.family);
    const composes = Boolean(route.compose || route.paging || route.pairs);
    anyComposes ||= composes;
    paths[route.path] = { get: pathOperation(routes, table, entry, id, schemas, composes) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'regstat: RESAS API v1 compatible',
      version: VERSION,
      description: infoDescription(notice, resas),
      license: { name: 'MIT', identifier: 'MIT' }, // the software's; the data's is its dataset's (see the description)
    },
    servers: [
      {
        url: '/',
        description:
          'Wherever this dist is served: the Node server (`npm run serve`, `npm start`), a static host or CDN, or the offline bundle.',
      },
    ],
    security: [],
    // The families' tags, in the order the operations declare them.
    tags: families.map((f) => ({ name: f, description: FAMILY_TABLE[f].description })),
    paths,
    components: components(resas, anyComposes, schemas),
  };
}

/** One operation's GET: its examples checked against the resolver, its result schema added to `schemas`. */
function pathOperation(
  routes: CompiledRoutes,
  table: RouteTable,
  { op, route, example }: OpenApiEntry,
  id: string,
  schemas: Record<string, JsonSchema>,
  composes: boolean,
) {
  const examples = validExamples(routes, route, [...(op.examples ?? []), ...(example ? [example] : [])]);
  const values = parameterExamples(routes, route, examples);
  const resultName = `${pascal(id)}Result`;
  schemas[resultName] = resultSchema(op, route, resultName, schemas);
  return {
    tags: [op.family],
    summary: `${op.title} (${route.path.replace('/api/v1/', '')})`,
    description: operationDescription(op, route, examples[0]),
    operationId: id,
    parameters: route.params.flatMap((p) => parameters(p, route, table, values)),
    responses: operationResponses(routes, route, resultName, table.errors === 'resas', composes),
  };
}

/**
 * An operation's responses. In the `resas` error mode errors answer 200 with the original's bodies, so 200
 * lists them and there is no 400 or 404; 501 and 503 only where the request may be composed.
 */
function operationResponses(
  routes: CompiledRoutes,
  route: RouteOp,
  resultName: string,
  resas: boolean,
  composes: boolean,
) {
  const envelope: JsonSchema = {
    type: 'object',
    required: ['message', 'result'],
    properties: { message: { type: 'null' }, result: { $ref: `#/components/schemas/${resultName}` } },
    additionalProperties: false,
  };
  return {
    200: resas
      ? {
          description:
            'The result (`result` is null for a region without data); in this build\'s `resas` error mode also the original\'s error bodies: `"400"` for a bad request, its 404 object for an unknown path.',
          content: {
            'application/json': {
              schema: { oneOf: [envelope, { type: 'string', const: '400' }, { $ref: ERROR_REF }] },
            },
          },
        }
      : {
          description: 'The result; `result` is null for a region without data.',
          content: { 'application/json': { schema: envelope } },
        },
    ...(resas
      ? {}
      : {
          400: errorDoc(
            'A parameter is missing, malformed, repeated or out of range, or the query string is not valid.',
            badRequestExample(routes, route),
          ),
        }),
    ...(resas ? {} : { 404: { $ref: '#/components/responses/NotFound' } }),
    ...(composes
      ? { 501: { $ref: '#/components/responses/CannotCompose' }, 503: { $ref: '#/components/responses/Busy' } }
      : {}),
  };
}

/** The shared responses (only those some operation refers to) and schemas: every result's, and the error body's. */
function components(resas: boolean, anyComposes: boolean, schemas: Record<string, JsonSchema>) {
  return {
    responses: {
      ...(resas
        ? {}
        : {
            NotFound: errorDoc(
              'No operation at this path: an unknown operation, or a path-form request with names or values out of place.',
              notFound('/api/v1/unknown').body,
            ),
          }),
      ...(anyComposes ? compositionResponses() : {}),
    },
    schemas: {
      ...schemas,
      Error: {
        type: 'object',
        description: "An error body: the original's object shape, with the HTTP status as text.",
        required: ['statusCode', 'message', 'description'],
        properties: {
          statusCode: { type: 'string', description: 'The HTTP status code, as text.', examples: ['400'] },
          message: { type: 'string', description: 'What is wrong.' },
          description: { type: 'string', description: 'How to fix it.' },
        },
        additionalProperties: false,
      },
    },
  };
}

/** The responses of requests that compose: 501 where the host cannot, 503 when the Node server's lane is full. */
function compositionResponses() {
  return {
    CannotCompose: errorDoc(
      'This host cannot compose (nginx, a static host or CDN without code): the request needs its response composed from several files (a list parameter such as `addArea` or `addTec`, or an offset between pages), which only servers that run code answer.',
      compositionNeedsCode('This operation', 'a list parameter (addArea, addTec) or an offset between pages').body,
    ),
    Busy: {
      ...errorDoc(
        "Too many composing requests at once: the Node server's composition lane is full. Retry after `Retry-After` seconds; plain requests are not limited.",
        TOO_BUSY.body,
      ),
      headers: {
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
      },
    },
  };
}

// ——— Parameters ———

/**
 * The JSON Schema of a parameter's value. Query values travel as text; the schema types them as the
 * resolver reads them (an `int` is an integer, `prefCode=01` is `1`). A parameter that takes effect only
 * under a condition is ignored otherwise, so it also admits `-`, the value the original's clients send
 * for an unused parameter; an ignored parameter admits anything.
 */
function parameterSchema(p: ParamSpec, table: RouteTable): JsonSchema {
  if (p.ignored) return {};
  const type = typeOf(p);
  const allowed = type.allowed(p, table);
  const withDefault = (s: JsonSchema): JsonSchema => (p.default !== undefined ? { ...s, default: p.default } : s);
  // A parameter that takes effect only sometimes is ignored otherwise; clients of the original sent - for it.
  const orDash = (s: JsonSchema): JsonSchema => (p.activeWhen ? { anyOf: [s, { type: 'string', const: '-' }] } : s);
  if ('list' in allowed) {
    const entry = `(${type.syntax(p)})`;
    return withDefault({ type: 'string', pattern: `^${entry}(,${entry}){0,${allowed.list.max - 1}}$` });
  }
  if ('min' in allowed) return withDefault(orDash({ type: 'integer', minimum: allowed.min, maximum: allowed.max }));
  // Any prefecture code, whatever the build's scope: a client passes /prefectures' prefCode (a number), and
  // a prefecture outside the scope is a 404 that says so, not a type error.
  if (type.region === 'prefecture') {
    const code: JsonSchema = { type: 'integer', minimum: 1, maximum: 47 };
    // `-` for the nation besides the codes, where the parameter takes it.
    return withDefault(
      orDash(p.type === 'pref' && p.nation ? { anyOf: [code, { type: 'string', const: '-' }] } : code),
    );
  }
  // Any code of its form is a value, though all of them share one canonical form.
  if (type.collapsed) return withDefault(orDash({ type: 'string', pattern: `^(${type.syntax(p)})$` }));
  // Codes that depend on another parameter: the schema lists their union, - first.
  const values: (string | number)[] =
    'valuesBy' in allowed
      ? [...new Set(Object.values(allowed.values).flat() as string[])].sort((a, b) =>
          a === '-' ? -1 : b === '-' ? 1 : a < b ? -1 : 1,
        )
      : allowed.values;
  if (type.numeric) {
    const numbers = values.filter((v) => v !== '-');
    const integer: JsonSchema = { type: 'integer', enum: numbers };
    // An open bound (-) besides the integers, as the original documented nature's ageFrom and ageTo.
    return withDefault(
      orDash(numbers.length < values.length ? { anyOf: [integer, { type: 'string', const: '-' }] } : integer),
    );
  }
  // Long lists (municipalities, patent holders) and empty ones are checked by the resolver; manifest.json lists them.
  if (values.length === 0 || values.length > MAX_ENUM)
    return withDefault(orDash({ type: 'string', pattern: `^(${type.syntax(p)})$` }));
  return withDefault(orDash({ type: 'string', enum: values }));
}

/** Code lists longer than this are given as a pattern, with a pointer to where they are listed. */
const MAX_ENUM = 100;

/** The parameter, then each of its aliases as a parameter of its own. */
function parameters(p: ParamSpec, route: RouteOp, table: RouteTable, values: Canonical) {
  const schema = parameterSchema(p, table);
  const value = values[p.name];
  const example = value === undefined ? {} : { example: typedValue(p, value) };
  const main = {
    name: p.name,
    in: 'query',
    required: isRequired(p),
    description: parameterDescription(p, route, table),
    schema,
    ...example,
  };
  const aliases = (p.aliases ?? []).map((alias) => ({
    name: alias,
    in: 'query',
    required: false,
    description: `Another name for \`${p.name}\`: the same parameter, accepted under this name too (give one of them). ${markdown(p.doc)}`,
    schema,
    // No example: a client that sends every parameter's example would give the parameter twice (a 400).
  }));
  return [main, ...aliases];
}

/** Required in OpenAPI only when every request must give it under its own name. */
const isRequired = (p: ParamSpec) =>
  p.required && !p.activeWhen && !p.ignored && !p.aliases?.length && p.default === undefined;

function parameterDescription(p: ParamSpec, route: RouteOp, table: RouteTable): string {
  const notes = [markdown(p.doc)];
  if (p.ignored) notes.push('Accepted for compatibility and ignored: any value, or none.');
  if (p.activeWhen) {
    notes.push(
      p.required
        ? `**Required ${conditions(p)}**; otherwise ignored (leave it out or give \`-\`).`
        : `Takes effect only ${conditions(p)}; otherwise ignored (leave it out or give \`-\`).`,
    );
  }
  if (p.aliases?.length) {
    const names = [p.name, ...p.aliases].map((n) => `\`${n}\``).join(' or ');
    notes.push(p.required ? `**Required**, as ${names}.` : `Accepted as ${names}.`);
  }
  if (p.default !== undefined) notes.push(`Default \`${p.default}\`.`);
  if (typeOf(p).scoped(p) && table.prefectures.length < table.country.length)
    notes.push(`This build serves prefectures ${table.prefectures.join(', ')}; the others answer 404.`);
  const allowed = typeOf(p).allowed(p, table);
  if ('valuesBy' in allowed)
    notes.push(`The codes allowed depend on \`${allowed.valuesBy}\`; the schema lists all of them.`);
  if (!typeOf(p).numeric && !('list' in allowed) && !('min' in allowed)) {
    const n = new Set(
      ('valuesBy' in allowed ? Object.values(allowed.values).flat() : allowed.values).filter((v) => v !== '-'),
    ).size;
    if (n > MAX_ENUM)
      notes.push(`One of the ${n} codes of this build listed for it in [/manifest.json](/manifest.json).`);
    if (n === 0)
      notes.push('This build has no codes for it (its scope has none; see [/manifest.json](/manifest.json)).');
  }
  if (composingParam(route) === p.name)
    notes.push('A non-empty value is composed at request time (see the 501 and 503 responses).');
  for (const c of route.constraints ?? []) {
    if (c.param !== p.name) continue;
    const rows = Object.values(c.cases).map(
      (row) => `${markdown(row.doc)}: ${row.values.length ? row.values.map((v) => `\`${v}\``).join(', ') : 'none'}`,
    );
    notes.push('Allowed values: ' + rows.join('; ') + '.');
  }
  return notes.join(' ');
}

/** "when `mode` is `2`", "when `matter2` is `204` or `205` and `cityCode` is `-` or absent". */
const conditions = (p: ParamSpec) => describeConditions(p, (s) => `\`${s}\``).trim();

/** A canonical value as the parameter's schema types it. */
function typedValue(p: ParamSpec, value: string): string | number {
  if (p.ignored || value === '-') return value;
  return typeOf(p).numeric ? Number(value) : value;
}

// ——— Examples and error bodies, from the resolver itself ———

/** The examples this build answers (the declarations' are for prefectures 1 and 13; a build may have others). */
function validExamples(routes: CompiledRoutes, route: RouteOp, examples: Canonical[]): Canonical[] {
  return examples.filter((e) => resolve(routes, route.path, query(e)).kind !== 'error');
}

/**
 * The parameters' example values, which together make one request the resolver answers: the first
 * example's, then for each parameter it lacks (a list parameter, say) a value from a later example
 * that still makes a valid request with them.
 */
function parameterExamples(routes: CompiledRoutes, route: RouteOp, examples: Canonical[]): Canonical {
  const chosen: Canonical = { ...examples[0] };
  for (const p of route.params) {
    if (chosen[p.name] !== undefined) continue;
    for (const e of examples.slice(1)) {
      const value = e[p.name];
      if (value !== undefined && resolve(routes, route.path, query({ ...chosen, [p.name]: value })).kind !== 'error') {
        chosen[p.name] = value;
        break;
      }
    }
  }
  return chosen;
}

function query(values: Canonical): string {
  const parts = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!).replace(/%2C/g, ',')}`);
  return parts.length ? '?' + parts.join('&') : '';
}

/** What the resolver answers a request without parameters, or with a broken query string when it needs none. */
function badRequestExample(routes: CompiledRoutes, route: RouteOp): ErrorBody {
  const empty = resolve(routes, route.path, '');
  if (empty.kind === 'error' && empty.error.status === 400) return empty.error.body;
  const broken = resolve(routes, route.path, '?prefCode=%E3');
  if (broken.kind === 'error') return broken.error.body;
  return apiError(
    400,
    'The query string is not valid percent-encoding',
    'Encode parameter values as UTF-8 with percent-encoding.',
  ).body;
}

function errorDoc(description: string, example: ErrorBody) {
  return { description, content: { 'application/json': { schema: { $ref: ERROR_REF }, example } } };
}

// ——— Descriptions ———

function infoDescription(notice: string, resas: boolean): string {
  return [
    "The RESAS API v1 (地域経済分析システム), served as files by regstat: every response is generated ahead of time, and a resolver maps the original's query strings onto the files. Each operation is also served at its path form, `/api/v1/<operation>/<name>/<value>/…`, which any static host can serve.",
    `**The data.** ${markdown(notice)}`,
    "**Licences.** The software is MIT-licensed. The data is not covered by that licence: its terms are those of the dataset this build was made from, named in the notice above (each source's publisher sets them).",
    "**Authentication.** None. The original's `X-API-KEY` header is accepted and ignored, so clients written for the original work unchanged.",
    resas
      ? '**Errors.** This build answers errors as the original did: a bad request is HTTP 200 with the body `"400"`, an unknown path HTTP 200 with the original\'s 404 object; composition faults (501, 503) keep their codes.'
      : "**Errors.** Errors travel with real HTTP status codes and the original's body shape, `{statusCode, message, description}` (`message` says what is wrong, `description` how to fix it).",
    "**Types.** `openapi.d.ts`, beside this file, has TypeScript types generated from this document, for openapi-fetch (`createClient<paths>()`) or `import type { Result } from './openapi.js'`: a parameter with listed values also takes any value of its type there, so that codes and years read from other responses type-check.",
  ].join('\n\n');
}

function operationDescription(op: OpenApiEntry['op'], route: RouteOp, example: Canonical | undefined): string {
  const notes: string[] = [
    op.description ? safeMarkdown(op.description.trim()) : `${op.title}: the original RESAS API's \`${route.path}\`.`,
  ];
  if (composingParam(route))
    notes.push(
      `With a non-empty \`${composingParam(route)}\` the response is composed at request time from other files: servers that run code answer it, static hosts without code answer 501.`,
    );
  if (route.paging)
    notes.push(
      `One page of at most ${route.paging.size} records: offsets that are multiples of ${route.paging.size} are files, other offsets are composed from two pages.`,
    );
  if (example) {
    const values = Object.fromEntries(
      Object.entries(example).filter(([k]) => route.params.some((p) => p.name === k && !isListParam(p))),
    );
    const url = route.path + query(example);
    // A list parameter has no file, so a request with one has no path form.
    const lists = route.params.some((p) => isListParam(p) && example[p.name] !== undefined);
    const pathForm =
      Object.keys(values).length && !lists
        ? `, also served at the path form \`${filePath(route, values).replace(/\/index\.json$/, '')}\``
        : '';
    notes.push(`Example: [\`${url}\`](${url})${pathForm}.`);
  }
  return notes.join('\n\n');
}

/** Plain text as Markdown: code-like tokens go into code spans, so that `<prefCode>_<cityCode>` reads as code, not HTML. */
function markdown(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      let out = '';
      let at = 0;
      for (const m of part.matchAll(CODE_LIKE)) {
        out += escapeHtml(part.slice(at, m.index)) + '`' + m[0] + '`';
        at = m.index + m[0].length;
      }
      return out + escapeHtml(part.slice(at));
    })
    .join('');
}

/** Markdown as it is, but a `<` outside code spans cannot open an HTML tag. */
function safeMarkdown(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : escapeHtml(part)))
    .join('');
}

const escapeHtml = (s: string) => s.replace(/</g, '\\<');

const CODE_LIKE = new RegExp(
  [
    String.raw`npm run [\w:-]+`,
    // Paths and URLs: /api/v1/cities?prefCode=13, /manifest.json
    String.raw`(?<![\w/])(?:https?:\/\/[\w.-]+)?\/[\w.~/-]*[\w~/](?:\?[^\s)]*[^\s).,;:])?`,
    // name=value: addArea=12_,14_
    String.raw`\b[A-Za-z][\w]*=[^\s]*[^\s.,;:)]`,
    // Placeholders: <prefCode>_<cityCode>, <field>_<theme>
    String.raw`[\w]*(?:<[\w]+>[\w]*)+`,
    // Identifiers: camelCase, snake_case, word and digits (prefCode, prefecture_cd, matter2)
    String.raw`\b[a-z]+(?:[A-Z][a-z0-9]*|_[a-z0-9]+)+\b|\b[a-z]+[0-9]+\b`,
    // - and _ standing alone, as values
    String.raw`(?<![\w-])[-_](?![\w-])`,
  ].join('|'),
  'g',
);

// ——— Result schemas ———

/** The declaration's zod `result` as JSON Schema; its definitions move to components.schemas. */
function resultSchema(
  op: OpenApiEntry['op'],
  route: RouteOp,
  name: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const json = z.toJSONSchema(op.result, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  const { $defs, ...schema } = json;
  const renamed = new Map<string, string>();
  for (const [key, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    // Named definitions (zod meta ids) are shared between operations when they agree.
    let target =
      /^[A-Za-z][\w.-]*$/.test(key) && !key.startsWith('__') ? key : `${name}${pascal(key.replace(/^_+/, ''))}`;
    if (
      target === name ||
      (components[target] && JSON.stringify(components[target]) !== JSON.stringify(clean(def, new Map())))
    )
      target = `${name}${pascal(key)}`;
    renamed.set(key, target);
  }
  for (const [key, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    components[renamed.get(key)!] = clean(def, renamed);
  return clean(schema, renamed);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Without `$schema` and `$id`, refs pointed at components.schemas, and zod's safe-integer bounds (which say nothing) left out. */
function clean(node: unknown, renamed: Map<string, string>): JsonSchema {
  // Under these keywords the keys are names (of properties, definitions), not keywords.
  const NAMES = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
  const walk = (v: unknown, names: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, false));
    if (v === null || typeof v !== 'object') return v;
    const out: JsonSchema = {};
    for (const [k, x] of Object.entries(v)) {
      if (!names) {
        if (k === '$schema' || k === '$id') continue;
        if ((k === 'minimum' && x === -MAX_SAFE) || (k === 'maximum' && x === MAX_SAFE)) continue;
        if (k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/')) {
          const def = x.slice('#/$defs/'.length);
          out[k] = `#/components/schemas/${renamed.get(def) ?? def}`;
          continue;
        }
      }
      out[k] = walk(x, !names && NAMES.has(k));
    }
    return out;
  };
  return walk(node, false) as JsonSchema;
}

// ——— Names ———

/** population/composition/perYear → populationCompositionPerYear */
function operationId(path: string): string {
  return path.replace('/api/v1/', '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ——— TypeScript types ———

const HEADER = `/**
 * TypeScript types of this regstat build's API, generated from openapi.json with openapi-typescript.
 * Do not edit: \`npm run build\` writes it, and every server of the API (npm start too) serves it at
 * /openapi.d.ts. With openapi-fetch, for example:
 *
 *   import createClient from 'openapi-fetch';
 *   import type { paths } from './openapi.js';
 *   const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });
 *   const { data } = await api.GET('/api/v1/cities', { params: { query: { prefCode: 13 } } });
 */

`;

const HELPERS = `
/** The operation paths of this build. */
export type Path = keyof paths;
/** The body of a successful response of an operation. */
export type Success<P extends Path> = paths[P]['get']['responses'][200]['content']['application/json'];
/** The \`result\` member of a successful response of an operation (null for a region without data, where the operation has such regions). */
export type Result<P extends Path> = Extract<Success<P>, { result: unknown }>['result'];
/**
 * The query parameters of an operation, as openapi-fetch takes them: a parameter with listed values takes
 * those (an editor offers them) or any value of their type, so that a code or year read from another
 * response (a prefCode, a sicCode, a year) is accepted as it is typed there. The API checks values.
 */
export type Query<P extends Path> = NonNullable<paths[P]['get']['parameters']['query']>;
/** An error body. */
export type ApiError = components['schemas']['Error'];
`;

/** The types openapi-typescript writes for this document, with the header and the helper types above. */
export function openApiTypes(doc: object): string {
  return HEADER + typesOf(typingDocument(doc)) + HELPERS;
}

/** Marks the schema that stands for any value of a parameter's type beside its listed values. */
const ANY_VALUE = 'x-regstat-any-value';

/**
 * The document as the types read it: each query parameter's listed values (an enum) become those values
 * or any value of their type. A client passes codes and years read from other responses, which type them
 * as number or string (/industries/broad's sicCode, a perYear answer's year); with the bare lists every
 * such call failed to compile (TS2322) in openapi-fetch. The literals stay, for editors to offer and
 * readers to see; openapi.json keeps the lists as they are (Swagger UI's drop-downs, validators).
 */
export function typingDocument(doc: object): object {
  const copy = structuredClone(doc) as { paths: Record<string, { get: { parameters?: { schema: JsonSchema }[] } }> };
  const open = (schema: JsonSchema): JsonSchema => {
    if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: schema.anyOf.map(open) };
    if (!Array.isArray(schema.enum) || (schema.type !== 'integer' && schema.type !== 'string')) return schema;
    const { enum: values, type, ...rest } = schema;
    return {
      ...rest,
      anyOf: [
        { type, enum: values },
        { type, [ANY_VALUE]: true },
      ],
    };
  };
  for (const item of Object.values(copy.paths)) for (const p of item.get.parameters ?? []) p.schema = open(p.schema);
  return copy;
}

/**
 * openapi-typescript's transform for the schema typingDocument adds: \`number & {}\` (or \`string & {}\`), which
 * takes any number but, unlike \`number\`, does not absorb the literals beside it in a union.
 */
export function anyValueType(schema: JsonSchema): import('typescript').TypeNode | undefined {
  if (!schema[ANY_VALUE]) return undefined;
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const keyword = schema.type === 'integer' ? ts.SyntaxKind.NumberKeyword : ts.SyntaxKind.StringKeyword;
  return ts.factory.createIntersectionTypeNode([
    ts.factory.createKeywordTypeNode(keyword),
    ts.factory.createTypeLiteralNode([]),
  ]);
}

/**
 * openapi-typescript's output for a document (its defaults, and anyValueType), synchronously: the build and the on-demand server
 * render site files synchronously, and openapiTS() is async only for parsing, linting and bundling,
 * which a document of plain objects with internal refs does not need (the tests check that the output
 * is that of openapiTS()). Loaded on first use: it takes a few hundred milliseconds to load.
 */
function typesOf(doc: object): string {
  const ots = createRequire(import.meta.url)('openapi-typescript') as typeof import('openapi-typescript');
  const schema = structuredClone(doc) as Parameters<typeof ots.transformSchema>[0];
  const options = { silent: true };
  const ctx: Parameters<typeof ots.transformSchema>[1] = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: ots.scanDiscriminators(schema, options),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: undefined as never, // read by openapiTS() only, for parsing and bundling
    silent: true,
    inject: undefined,
    transform: (schema) => anyValueType(schema as JsonSchema),
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => ots.resolveRef(schema, $ref, { silent: true }),
  };
  return ots.astToString(ots.transformSchema(schema, ctx));
}
