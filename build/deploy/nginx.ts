// An nginx configuration generated from the route table: `map` turns each query parameter into its
// canonical value (or a marker: absent, missing, invalid, composes) and `try_files` serves the file those
// values name. No code runs. What configuration can say exactly, it says as the Node server does: a
// missing parameter, an unknown path, a preflight, a wrong method, the headers, the end of a paged list.
// Any other invalid request misses its file and gets one generic 400; requests that compose get the
// documented 501.

import { apiError, badRequest, compositionNeedsCode, notFound, resasForm, type ApiError, type ErrorMode } from '../runtime/errors.ts';
import { describe, outsideScope, typeOf } from '../runtime/params.ts';
import { CORS_HEADERS, ERROR_CACHE_CONTROL, FILE_CACHE_CONTROL, JSON_TYPE, PREFLIGHT_HEADERS, methodNotAllowed } from '../runtime/respond.ts';
import {
  compileRoutes,
  composingParam,
  listKey,
  describeConditions,
  isListParam,
  type AreasParam,
  type Condition,
  type ParamSpec,
  type Paging,
  type RouteOp,
  type RouteTable,
  type TecsParam,
} from '../runtime/routes.ts';
import { PAGE_REWRITES } from '../runtime/pages.ts';

export interface NginxOptions {
  root: string;
  port: number;
  host?: string;
  /** Directories for nginx's own files (pid, logs, temp) when it runs unprivileged. */
  work?: string;
  workers?: number | 'auto';
}

// Markers a value variable holds instead of a canonical value. None can be a canonical value.
const ABSENT = '';
const MISSING = '?';
const INVALID = '!';
const COMPOSES = '*';
/** A prefecture of the country outside the build's scope: 404 naming the scope. */
const OUTSIDE = '>';

export const NGINX_GENERIC_400 = badRequest(
  'The request does not name a file of this API',
  'A parameter is unknown, out of range or not available with the others. This host serves dist with configuration only and cannot say which; the Node server (npm run serve) answers with the exact reason. The parameters are listed in /manifest.json.',
);

/** Errors nginx raises itself, before any location runs (malformed requests, ranges, limits). */
const NGINX_OWN_ERRORS: Record<number, [string, string]> = {
  400: ['The request is not valid HTTP', 'nginx could not read the request line or its headers, or the path leaves the root of the site.'],
  403: ['Forbidden', 'nginx may not read this file.'],
  // nginx refuses TRACE itself, before any location; the redirect loses the method's name.
  405: ['This method is not allowed', 'This API is read-only: use GET (or HEAD, or OPTIONS for a preflight).'],
  411: ['A request body needs its length', 'This API is read-only: send GET requests without a body.'],
  413: ['The request body is too large', 'This API is read-only: send GET requests without a body.'],
  414: ['The request line is too long', 'Keep the path and query string under 8 KB.'],
  494: ['The request headers are too large', 'Keep each request header under 8 KB.'],
  500: ['Internal server error', 'nginx failed to answer; its error log says why.'],
  501: ['Not implemented', 'nginx does not support a feature of the request (a transfer coding, say).'],
  505: ['HTTP version not supported', 'Use HTTP/1.0 or HTTP/1.1.'],
};

/** A list separator as clients send it: `,` or percent-encoded (URLSearchParams writes %2C). */
const SEP = '(?:,|%2[Cc])';

export function nginxConfig(table: RouteTable, o: NginxOptions): string {
  const routes = compileRoutes(table);
  const mode: ErrorMode = table.errors ?? 'status';
  const fail = (e: ApiError, body?: string) => answer(e, mode, body);
  const maps: string[] = [];
  const locations: string[] = [];
  table.operations.forEach((op, i) => {
    if (op.unavailable) {
      locations.push(...exact(op.path, ` ${fail(apiError(404, `${op.path} is not available in this build`, op.unavailable))} `));
      return;
    }
    const v = (p: string) => `$rv${i}_${safe(p)}`;
    const eff = (p: ParamSpec) => (p.activeWhen ? `$re${i}_${safe(p.name)}` : v(p.name));
    const byName = new Map(op.params.map((p) => [p.name, p]));
    const effOf = (name: string) => eff(byName.get(name)!);
    const paging = op.paging;
    const page = paging ? `$rpage${i}` : undefined;
    const checks: string[] = [];
    const segments: string[] = [];
    for (const p of op.params) {
      if (p.ignored) continue;
      if (isListParam(p)) {
        maps.push(p.type === 'areas' ? areasMap(p, v(p.name), effOf, table) : tecsMap(p as TecsParam, v(p.name), table));
        checks.push(`    if (${v(p.name)} = "${INVALID}") { ${fail(NGINX_GENERIC_400)} }`);
        continue;
      }
      maps.push(valueMap(p, v(p.name), i, table));
      if (p.activeWhen) maps.push(activityMap(p, v(p.name), eff(p), (c) => effOf(c.param)));
      // Past the end of a paged list, the path takes the end offset and the first ordering.
      let value = eff(p);
      const child = op.params.find((q) => q.type === 'code' && q.parentFromCode && q.parent === p.name);
      if (child) {
        maps.push(inferredParentMap(child as Extract<ParamSpec, { type: 'code' }>, value, v(child.name), `$rf${i}_${safe(p.name)}`, table));
        value = `$rf${i}_${safe(p.name)}`;
      }
      const first = paging?.order.find((x) => x.name === p.name)?.first;
      if (paging && (first !== undefined || paging.offset === p.name)) {
        const to = first ?? `$rend${i}`;
        maps.push(`map "${page}|${eff(p)}" $rq${i}_${safe(p.name)} { "~^end\\|" "${to}"; "~^[^|]*\\|(?<rqv>.*)$" "$rqv"; }`);
        value = `$rq${i}_${safe(p.name)}`;
      }
      const seg = `$rs${i}_${safe(p.name)}`;
      // Markers leave the path on a file that cannot exist, so try_files misses.
      maps.push(`map ${value} ${seg} { "" ""; "~^(?<rsv>[A-Za-z0-9_-]+)$" "/${p.name}/$rsv"; default "/~"; }`);
      segments.push(seg);
      const required = badRequest(`${p.name} is required${describeConditions(p)}`, describe(p, routes));
      checks.push(`    if (${eff(p)} = "${MISSING}") { ${fail(required)} }`);
      checks.push(`    if (${eff(p)} = "${INVALID}") { ${fail(NGINX_GENERIC_400)} }`);
      if (p.type === 'pref' && !p.country) checks.push(`    if (${eff(p)} = "${OUTSIDE}") { ${fail(outsideScope(p.name, routes))} }`);
    }
    // Composition is judged after every parameter is valid, as the resolver does, and names what the
    // resolver names: the list parameter before a pair of different values.
    const compose = (param: string) => `return 501 ${text(JSON.stringify(compositionNeedsCode(op.path, param).body))};`;
    let fallback = '@invalid';
    if (paging) {
      maps.push(...pagingMaps(op, paging, i, effOf, table));
      const param = composingParam(op);
      if (param) checks.push(`    if (${page} = "list") { ${compose(param)} }`);
      checks.push(`    if (${page} = "offset") { ${compose(paging.offset)} }`);
      // Offsets between pages of a size nginx cannot divide by are told by their missing file.
      if (!/^10*$/.test(String(paging.size))) fallback = `@offset${i}`;
    }
    for (const p of op.params) {
      if (!paging && composingParam(op) === p.name) checks.push(`    if (${v(p.name)} = "${COMPOSES}") { ${compose(p.name)} }`);
    }
    if (op.pairs) {
      const flag = `$rp${i}`;
      maps.push(`map "${v(op.pairs.left)}|${v(op.pairs.right)}" ${flag} { "~^([0-9]+)\\|\\1$" ""; default "${COMPOSES}"; }`);
      checks.push(`    if (${flag} = "${COMPOSES}") { ${compose(`different ${op.pairs.left} and ${op.pairs.right}`)} }`);
    }
    const file = `${op.path}${segments.join('')}/index.json`;
    locations.push(...exact(op.path, `\n${checks.join('\n')}\n    try_files ${file}$regstat_br ${file} ${fallback};\n  `));
    if (fallback !== '@invalid') locations.push(`  location ${fallback} { ${compose(paging!.offset)} }`);
  });

  const work = o.work;
  const notFoundBody = JSON.stringify(notFound('/SHOWN').body).replace('/SHOWN', '$regstat_shown');
  const cors = Object.entries(CORS_HEADERS);
  const preflight = Object.entries(PREFLIGHT_HEADERS).filter(([k]) => !(k in CORS_HEADERS));
  const lines = [
    `# Generated by regstat from routes.json (${table.operations.length} operations): maps query strings to the files of dist.`,
    // pcre_jit: every request runs a few of the maps' regular expressions.
    ...(work
      ? [
          `worker_processes ${o.workers ?? 1};`,
          'pcre_jit on;',
          'daemon off;',
          `pid ${work}/nginx.pid;`,
          `error_log ${work}/error.log warn;`,
          'events { worker_connections 1024; }',
        ]
      : []),
    'http {',
    '  access_log off;',
    '  sendfile on;',
    // Whole files only, as the Node server answers (and no 416 for a range past the end).
    '  max_ranges 0;',
    // Files never change within a build; a minute keeps a swapped-in build visible soon.
    '  open_file_cache max=100000 inactive=60s;',
    '  open_file_cache_valid 60s;',
    '  open_file_cache_errors on;',
    '  server_tokens off;',
    // The .gz siblings of --precompress; Vary also when the client took the plain file.
    '  gzip_static on;',
    '  gzip_vary on;',
    // Room for the largest map (the list lengths of a paged operation) at about half load.
    `  map_hash_max_size ${Math.max(2048, 2 ** Math.ceil(Math.log2(2 * largestMap(table))))};`,
    '  map_hash_bucket_size 256;',
    '  variables_hash_max_size 4096;',
    '  variables_hash_bucket_size 128;',
    `  default_type "${JSON_TYPE}";`,
    // .br siblings have no type of their own: they get the default, JSON.
    `  types { "${JSON_TYPE}" json; "text/html;charset=UTF-8" html; "text/javascript;charset=UTF-8" js mjs; "text/css;charset=UTF-8" css; "text/plain;charset=UTF-8" txt; }`,
    ...(work
      ? [
          `  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;`,
        ]
      : []),
    // Headers by status, as the Node server sends them: files cache for an hour, errors never (also
    // errors answered with 200 in the resas error mode, which set $regstat_error).
    `  map "$status:$regstat_error:$uri" $regstat_cache { "~^204:" ""; "~^(200|304)::/api/" "${FILE_CACHE_CONTROL}"; "~^(200|304)::" "no-cache"; default "${ERROR_CACHE_CONTROL}"; }`,
    ...preflight.map(([k, value]) => `  map $status $regstat_${safe(k)} { 204 "${value}"; default ""; }`),
    `  map $status $regstat_allow { 405 "${methodNotAllowed('GET').headers.Allow}"; default ""; }`,
    // Stock nginx has no brotli module: a stored .br sibling is tried first when the client takes br
    // (q > 0, and not ranked below a plain gzip), and announced by the two maps after it.
    '  map $http_accept_encoding $regstat_br {',
    '    "~*(?:^|,)\\s*br\\s*;\\s*q\\s*=\\s*0*(?:\\.0*)?\\s*(?:,|$)" "";',
    '    "~*^(?=(?:.*,)?\\s*br\\s*;\\s*q\\s*=\\s*0*\\.[0-9]*\\s*(?:,|$))(?=(?:.*,)?\\s*gzip\\s*(?:;\\s*q\\s*=\\s*1(?:\\.0*)?\\s*)?(?:,|$))" "";',
    '    "~*(?:^|,)\\s*br\\s*(?:;\\s*q\\s*=\\s*[0-9.]+\\s*)?(?:,|$)" ".br";',
    '    "~*^(?!(?:.*,)?\\s*br\\s*(?:[;,]|$))(?:.*,)?\\s*\\*\\s*(?:;\\s*q\\s*=\\s*(?:1(?:\\.0*)?|0*\\.0*[1-9][0-9]*)\\s*)?(?:,|$)" ".br";',
    '    default "";',
    '  }',
    '  map "$status:$uri" $regstat_ce { "~^200:.*\\.br$" "br"; default ""; }',
    '  map "$status:$uri" $regstat_vary { "~^(200|304):.*\\.br$" "Accept-Encoding"; default ""; }',
    // The path an error may echo: Node's notFound shows it only when it matches SHOWN_PATH, after
    // merging repeated slashes (nginx's $uri has them merged; dot segments it would have resolved).
    '  map $request_uri $regstat_shown_from {',
    '    "~^(?<regstat_p>/(?:[A-Za-z0-9._~-]+/)*[A-Za-z0-9._~-]*)(?:\\?|$)" "$regstat_p";',
    '    "~^(?![^?]*/\\.\\.?(?:[/?]|$))/[A-Za-z0-9/._~-]*(?:\\?|$)" "$uri";',
    '    default "";',
    '  }',
    '  map $regstat_shown_from $regstat_shown { "~^(?<regstat_s>/[A-Za-z0-9/._~-]{0,200})$" "$regstat_s"; default "this path"; }',
    // The method decides first, except for nginx's own error pages (a bad request line may have any).
    '  map "$request_method:$uri" $regstat_method { "~^(GET|HEAD):" ""; "~^[^:]*:/_regstat/" ""; "~^OPTIONS:" "OPTIONS"; default "405"; }',
    // The path form: the file a path names, as the resolver strips a trailing slash and /index.json.
    '  map $uri $regstat_api_file { "~^(?<regstat_f>/api/.*?)(?:/index\\.json)?/?$" "$regstat_f/index.json"; default "/~"; }',
    ...maps.map((m) => `  ${m}`),
    '  server {',
    `    listen ${o.host ?? '127.0.0.1'}:${o.port};`,
    `    root ${o.root};`,
    ...cors.map(([k, value]) => `    add_header ${k} "${value}" always;`),
    '    add_header Cache-Control $regstat_cache always;',
    ...preflight.map(([k]) => `    add_header ${k} $regstat_${safe(k)} always;`),
    '    add_header Allow $regstat_allow always;',
    '    add_header Content-Encoding $regstat_ce;',
    '    add_header Vary $regstat_vary;',
    // URIs, not named locations: errors in the request line leave no URI to keep.
    ...[...Object.keys(NGINX_OWN_ERRORS), '404'].map((code) => `    error_page ${code} /_regstat/${code};`),
    '    set $regstat_error "";',
    '    if ($regstat_method = OPTIONS) { return 204; }',
    `    if ($regstat_method = 405) { return 405 ${text(methodNotAllowed('X').body.replace('Method X', 'Method $request_method'))}; }`,
    ...locations.map((l) => l.replace(/^/gm, '  ')),
    // The path form of every file; anything else under /api/ is the API's 404.
    '    location /api/ { try_files $regstat_api_file$regstat_br $regstat_api_file @notfound; }',
    `    location @notfound { ${fail(notFound('/'), notFoundBody)} }`,
    `    location @invalid { ${fail(NGINX_GENERIC_400)} }`,
    // nginx's own 404s (outside /api/: a missing static file) keep their status in every error mode.
    `    location = /_regstat/404 { internal; ${answer(notFound('/'), 'status', notFoundBody)} }`,
    ...Object.entries(NGINX_OWN_ERRORS).map(([code, [message, description]]) => {
      // 494 (headers too large) is nginx's name for a 400.
      const e = apiError(code === '494' ? 400 : Number(code), message, description);
      return `    location = /_regstat/${code} { internal; ${fail(e)} }`;
    }),
    // Each page at its folder's path, with and without the slash, as serve answers them (runtime/pages.ts).
    ...PAGE_REWRITES.flatMap(({ source, destination }) =>
      [...new Set([source, source.replace(/\/?$/, '/')])].map((at) => `    location = ${at} { try_files ${destination} =404; }`),
    ),
    '    location / { try_files $uri$regstat_br $uri =404; }',
    '  }',
    '}',
  ];
  const config = lines.join('\n') + '\n';
  const long = /"[^"\n]{4000,}"/.exec(config);
  if (long) throw new Error(`nginx reads strings of at most 4 KB; the configuration has one of ${long[0].length} characters: ${long[0].slice(0, 80)}…`);
  return config;
}

/** Entries of the largest map: the non-empty lists of a paged operation. */
function largestMap(table: RouteTable): number {
  const sizes = table.operations.map((op) => (op.paging ? Object.values(table.counts[op.paging.counts] ?? {}).filter((n) => n > 0).length : 0));
  return Math.max(1, ...sizes);
}

/** An error as the build's error mode answers it; `set` marks it so that a 200 is not cached as a file. */
function answer(e: ApiError, mode: ErrorMode, body = JSON.stringify(e.body)): string {
  const resas = mode === 'resas' ? resasForm(e) : null;
  return `set $regstat_error 1; return ${resas?.status ?? e.status} ${text(resas?.body ?? body)};`;
}

/** Exact-match locations (hashed, no regex per request) for the three spellings of an operation path. */
function exact(path: string, body: string): string[] {
  return [path, `${path}/`, `${path}/index.json`].map((p) => `  location = ${p} {${body}}`);
}

/**
 * A paged list, as the resolver's page(): $rpage is `list` (a filter composes the whole list), `end`
 * (past the end, or any offset of an empty list: the end file), `offset` (between two pages: composes)
 * or empty (the page's own file). The list lengths come from routes.json's counts.
 */
function pagingMaps(op: RouteOp, paging: Paging, i: number, effOf: (name: string) => string, table: RouteTable): string[] {
  const counts = table.counts[paging.counts] ?? {};
  const entries = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `"${key}" "${n}:${Math.ceil(n / paging.size) * paging.size}";`);
  const key = listKey(paging.list, Object.fromEntries(paging.list.map((n) => [n, effOf(n)])));
  const offset = effOf(paging.offset);
  const param = composingParam(op);
  const filter = param && param !== paging.offset ? `$rv${i}_${safe(param)}` : '';
  const zeros = /^10*$/.test(String(paging.size)) ? String(paging.size).length - 1 : -1;
  const aligned = zeros >= 0 ? `(0|[1-9][0-9]*${'0'.repeat(zeros)})` : '[0-9]+';
  return [
    `map "${key}" $rl${i} { ${entries.join(' ')} default "0:0"; }`,
    `map $rl${i} $rlen${i} { "~^(?<rln>[0-9]+):" "$rln"; }`,
    `map $rl${i} $rend${i} { "~:(?<rle>[0-9]+)$" "$rle"; }`,
    // offset < length, both canonical integers.
    `map "${offset}|$rlen${i}" $rpast${i} { "~^${LESS}$" "0"; default "1"; }`,
    `map "${filter}|$rlen${i}|$rpast${i}|${offset}" $rpage${i} { "~^\\${COMPOSES}\\|[1-9]" "list"; "~^[^|]*\\|[0-9]+\\|1\\|" "end"; "~^[^|]*\\|[0-9]+\\|0\\|${aligned}$" ""; default "offset"; }`,
  ];
}

/** Canonical integers `a|b` with a < b: fewer digits, or as many and smaller at the first difference. */
const LESS = (() => {
  const shorter = Array.from({ length: 10 }, (_, k) => `[0-9]{${k + 1}}\\|[0-9]{${k + 2},}`);
  const same = Array.from({ length: 11 }, (_, k) => `(?=[0-9]{${k + 1}}\\|[0-9]{${k + 1}}$)`).join('|');
  const digit = Array.from({ length: 9 }, (_, d) => `${d}[0-9]*\\|\\k<lt>[${d + 1}-9]`).join('|');
  return `(?:${shorter.join('|')}|(?:${same})(?<lt>[0-9]*)(?:${digit})[0-9]*)`;
})();

/** $rv: the canonical value of one parameter from the raw query (under its name or an alias). */
function valueMap(p: ParamSpec, variable: string, i: number, table: RouteTable): string {
  const names = [p.name, ...(p.aliases ?? [])];
  const source = names.map((n) => `$arg_${n}`).join('|');
  const rules: string[] = [];
  // Given under one name only (the others empty); given under two is invalid, as for the resolver.
  const rule = (pattern: string, to: string) => {
    for (let k = 0; k < names.length; k++) rules.push(`"~^${names.map((_, j) => (j === k ? pattern : '')).join('\\|')}$" "${to}";`);
  };
  // The resolver's length limits (PREF_RE, INT_RE), which leading zeros count against.
  const within = (chars: string) => `(?=${chars}(?![^|]))`;
  const absent = p.default !== undefined ? String(p.default) : p.required ? MISSING : ABSENT;
  rules.push(`"${names.map(() => '').join('|')}" "${absent}";`);
  const type = typeOf(p);
  const allowed = type.allowed(p, table);
  if ('valuesBy' in allowed && 'outsideParentIsAll' in p && p.outsideParentIsAll) return outsideParentMap(p, variable, i, table);
  let syntax = type.syntax(p);
  if (syntax.startsWith('-|')) {
    rule('(-|%2[dD])', '-');
    syntax = syntax.slice(2);
  }
  if (type.numeric) {
    const int = within(syntax);
    const values = 'values' in allowed ? ((allowed.values as (number | string)[]).filter((v) => v !== '-') as number[]) : undefined;
    const range = 'min' in allowed ? allowed : undefined;
    if (syntax.startsWith('-') && (values ? values.includes(0) : range!.min <= 0 && range!.max >= 0)) rule(`${int}-0+`, '0'); // Number('-0') is 0 to the resolver
    if (values) rule(`${int}0*(?<v>${alternatives(values.map(String))})`, '$v');
    else if (range!.min >= 0) rule(`${int}0*(?<v>${uintRange(range!.min, range!.max)})`, '$v');
    else rule(`${int}0*(?<v>[0-9]{1,9})`, '$v');
    // A prefecture of the country outside the build's scope: its own marker, for the 404 that names the scope.
    const outside = p.type === 'pref' && !p.country ? table.country.filter((n) => !table.prefectures.includes(n)) : [];
    if (outside.length) rule(`${int}0*(${alternatives(outside.map(String))})`, OUTSIDE);
  } else rule(`(?<v>${syntax})`, '$v');
  return `map "${source}" ${variable} { ${rules.join(' ')} default "${INVALID}"; }`;
}

/** For parentFromCode codes: the parent given as - takes the code's own parent (sicCode=-&simcCode=01 is sicCode A). */
function inferredParentMap(p: Extract<ParamSpec, { type: 'code' }>, parent: string, code: string, variable: string, table: RouteTable): string {
  const domain = (table.domains[p.domain] ?? {}) as Record<string, string[]>;
  const rules = Object.entries(domain).map(([owner, codes]) => `"~^-\\|(${alternatives(codes)})$" "${owner}";`);
  return `map "${parent}|${code}" ${variable} { ${rules.join(' ')} default "${parent}"; }`;
}

/** For outsideParentIsAll codes: the parent's canonical value and the raw code decide together. */
function outsideParentMap(p: Extract<ParamSpec, { type: 'code' }>, variable: string, i: number, table: RouteTable): string {
  const domain = (table.domains[p.domain] ?? {}) as Record<string, string[]>;
  const known = [...new Set(Object.values(domain).flat())];
  const rules = [`"~^[^|]*\\|$" "${p.default ?? ABSENT}";`, `"~^[^|]*\\|(-|%2[dD])$" "-";`];
  for (const [parent, codes] of Object.entries(domain)) rules.push(`"~^${re(parent)}\\|(?<v>${alternatives(codes)})$" "$v";`);
  rules.push(`"~^[^|]*\\|(${alternatives(known)})$" "-";`);
  return `map "$rv${i}_${safe(p.parent!)}|$arg_${p.name}" ${variable} { ${rules.join(' ')} default "${INVALID}"; }`;
}

/** $re: the value while the parameter takes effect, absent otherwise (so it leaves the file path). */
function activityMap(p: ParamSpec, value: string, effective: string, of: (c: Condition) => string): string {
  const conditions = Array.isArray(p.activeWhen) ? p.activeWhen : [p.activeWhen!];
  const source = [...conditions.map(of), value].join('|');
  const when = conditions.map((c) => `(${c.values.map((x) => re(x)).join('|')})`).join('\\|');
  return `map "${source}" ${effective} { "~^${when}\\|(?<v>.*)$" "$v"; default ""; }`;
}

/**
 * addArea as the resolver's checkAreas judges it: at most `max` entries of the build's prefectures (and,
 * beside a municipality, their municipalities), none repeated and none the main region. Absent or empty:
 * nothing; valid: composes; anything else: invalid. Entries compare in canonical form (01_ is 1_).
 */
function areasMap(p: AreasParam, variable: string, effOf: (name: string) => string, table: RouteTable): string {
  const pref = (n: number) => (n < 10 ? `0?${n}` : String(n));
  const prefs = table.prefectures;
  const withCities = prefs.filter((n) => (table.cities[n] ?? []).length > 0);
  const list = (entry: string) => `(?&ra)(?:${SEP}(?&ra)){0,${p.max - 1}}$(?(DEFINE)(?<ra>${entry}))`;
  // No entry repeats another (in canonical form).
  const noRepeat = `(?!(?:.*${SEP})?0?(?<rad>[1-9][0-9]?_[0-9]*)${SEP}(?:.*${SEP})?0?\\k<rad>(?:${SEP}|$))`;
  const rules = [
    `"~^[^|]*\\|[^|]*\\|$" "";`,
    `"~^-?\\|(?<rap>[0-9]+)\\|${noRepeat}(?!(?:.*${SEP})?0?\\k<rap>_(?:${SEP}|$))${list(`(?:${prefs.map(pref).join('|')})_`)}" "${COMPOSES}";`,
  ];
  if (p.city) {
    // A municipality outside its prefecture, one prefecture a rule: nginx reads at most 4 KB a string.
    for (const n of withCities) rules.push(`"~^[0-9]{5}\\|[^|]*\\|(?:.*${SEP})?${pref(n)}_(?!(?:${trie(table.cities[n]!)})(?:${SEP}|$))" "${INVALID}";`);
    const entry = `(?:${withCities.map(pref).join('|') || '(?!)'})_[0-9]{5}`;
    rules.push(`"~^(?<rac>[0-9]{5})\\|(?<rap2>[0-9]+)\\|${noRepeat}(?!(?:.*${SEP})?0?\\k<rap2>_\\k<rac>(?:${SEP}|$))${list(entry)}" "${COMPOSES}";`);
  }
  return `map "${p.city ? effOf(p.city) : '-'}|${effOf(p.pref)}|$arg_${p.name}" ${variable} { ${rules.join(' ')} default "${INVALID}"; }`;
}

/**
 * addTec as the resolver's checkTecs judges it: at most `max` entries `<field>_<theme>` of the build's
 * fields and themes; an entry `_` ends the check with no filter (absent), as it does there.
 */
function tecsMap(p: TecsParam, variable: string, table: RouteTable): string {
  const themes = (table.domains[p.domain] ?? {}) as Record<string, string[]>;
  const entry = Object.entries(themes)
    .map(([field, ts]) => `0*${re(field)}_(?:(?=[0-9]{1,3}(?:${SEP}|$))0*(?:${alternatives(ts)}))?`)
    .join('|');
  const define = `(?(DEFINE)(?<rt>(?=[0-9]{1,3}_)(?:${entry || '(?!)'})))`;
  const count = `(?=(?:(?:(?!${SEP}).)*${SEP}){0,${p.max - 1}}(?:(?!${SEP}).)*$)`;
  return `map $arg_${p.name} ${variable} { "" ""; "~^${count}(?:(?&rt)${SEP})*_(?:${SEP}.*)?$${define}" ""; "~^${count}(?&rt)(?:${SEP}(?&rt))*$${define}" "${COMPOSES}"; default "${INVALID}"; }`;
}

/** Canonical integers from min to max (no leading zeros), as a regular expression. */
export function uintRange(min: number, max: number): string {
  const parts: string[] = [];
  // Split [min, max] into runs that share a prefix and end in whole digit ranges.
  const go = (lo: string, hi: string): void => {
    if (lo.length < hi.length) {
      go(lo, '9'.repeat(lo.length));
      go('1' + '0'.repeat(lo.length), hi);
      return;
    }
    let k = 0;
    while (k < lo.length && lo[k] === hi[k]) k++;
    if (k === lo.length) return void parts.push(lo);
    const restLo = lo.slice(k + 1);
    const restHi = hi.slice(k + 1);
    const prefix = lo.slice(0, k);
    const anyTail = (n: number) => (n ? `[0-9]{${n}}` : '');
    if (/^0*$/.test(restLo) && /^9*$/.test(restHi)) return void parts.push(`${prefix}${digits(lo[k]!, hi[k]!)}${anyTail(restLo.length)}`);
    go(lo, prefix + lo[k] + '9'.repeat(restLo.length));
    if (Number(hi[k]) - Number(lo[k]) > 1) parts.push(`${prefix}${digits(String(Number(lo[k]) + 1), String(Number(hi[k]) - 1))}${anyTail(restLo.length)}`);
    go(prefix + hi[k] + '0'.repeat(restHi.length), hi);
  };
  go(String(min), String(max));
  return parts.join('|');
}
const digits = (a: string, b: string) => (a === b ? a : `[${a}-${b}]`);

/** Fixed strings as one alternation that shares prefixes (compact for long code lists). */
export function trie(words: string[]): string {
  type Node = Map<string, Node> & { end?: boolean };
  const root: Node = new Map();
  for (const w of words) {
    let n = root;
    for (const c of w) {
      if (!n.has(c)) n.set(c, new Map());
      n = n.get(c)!;
    }
    n.end = true;
  }
  const emit = (n: Node): string => {
    const branches = [...n.entries()].map(([c, child]) => re(c) + emit(child));
    if (branches.length === 0) return '';
    const body = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
    if (!n.end) return body;
    return branches.length === 1 && branches[0]!.length === 1 ? `${body}?` : `(?:${branches.join('|')})?`;
  };
  return emit(root);
}

const safe = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');
const re = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === '/' ? '/' : `\\${c}`));
const alternatives = (values: string[]) => values.map(re).join('|');

/** A quoted nginx string; the bodies hold no dollar but the variables put there on purpose. */
function text(s: string): string {
  if (/\$(?!regstat_shown\b|request_method\b)/.test(s)) throw new Error(`cannot quote ${s} for nginx`);
  return `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}
