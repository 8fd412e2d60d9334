// The zod query schema of an operation, derived from its declared parameters: allowed values, defaults,
// which parameters apply when, and canonical form. The build parses every enumerated combination with
// it, and the tests check that the resolver accepts exactly what it accepts: it is the contract the
// resolver is compiled against.

import { z } from 'zod';
import { constraintKey, isActive, type CompiledRoutes, type ParamSpec, type RouteOp } from '../runtime/routes.ts';

export type RawQuery = Record<string, string | undefined>;
export type CanonicalQuery = Record<string, string>;

const emptyIsAbsent = (v: unknown) => (v === '' ? undefined : v);

export function querySchema(route: RouteOp, routes: CompiledRoutes): z.ZodType<CanonicalQuery> {
  const fields = new Map(route.params.map((p) => [p.name, fieldSchema(p, routes)]));
  const shape: Record<string, z.ZodType> = {};
  for (const p of route.params) {
    if (p.ignored) continue;
    const field = fields.get(p.name)!;
    const withDefault = p.default !== undefined ? field.default(String(p.default)) : p.required && !p.activeWhen ? field : field.optional();
    shape[p.name] = z.preprocess(emptyIsAbsent, withDefault);
  }
  // Parameters that do not apply are dropped before anything is checked.
  const active = (q: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...q };
    for (const p of route.params) {
      for (const alias of p.aliases ?? []) {
        const v = emptyIsAbsent(out[alias]);
        delete out[alias];
        if (v === undefined) continue;
        out[p.name] = emptyIsAbsent(out[p.name]) === undefined ? v : '\u0000given twice';
      }
    }
    // Conditions read canonical values: parse each earlier parameter as its field does (with its default).
    const seen: Record<string, string | undefined> = {};
    for (const p of route.params) {
      if (!isActive(p, seen)) {
        delete out[p.name];
        continue;
      }
      const raw = emptyIsAbsent(out[p.name]) ?? (p.default === undefined ? undefined : String(p.default));
      const parsed = raw === undefined ? undefined : fields.get(p.name)!.safeParse(raw);
      seen[p.name] = parsed?.success ? (parsed.data as string) : raw === undefined ? undefined : '\u0000invalid';
    }
    return out;
  };
  return z.preprocess(
    (q) => active(q as Record<string, unknown>),
    z
      .object(shape)
      .superRefine((q, ctx) => {
        for (const p of route.params) {
          const v = q[p.name] as string | undefined;
          const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [p.name], message });
          if (p.activeWhen && p.required && v === undefined && isActive(p, activeOnly(route, q))) issue('required');
          if (v === undefined) continue;
          if (p.type === 'city' && v !== '-' && !routes.cities.get(Number(q[p.pref]))?.has(v)) issue(`not a municipality of ${p.pref} ${q[p.pref]}`);
          if (p.type === 'code' && p.parent && p.outsideParentIsAll) {
            const all = [...((routes.domains.get(p.domain) as Map<string, Set<string>> | undefined)?.values() ?? [])];
            if (v !== '-' && !all.some((codes) => codes.has(v))) issue('unknown code');
          } else if (p.type === 'code' && p.parent && v !== '-') {
            const parent = q[p.parent] as string | undefined;
            const codes = (routes.domains.get(p.domain) as Map<string, Set<string>> | undefined)?.get(parent ?? '');
            if (parent !== undefined && !codes?.has(v)) issue(`not a code of ${p.parent} ${parent}`);
          }
          if (p.type === 'areas') checkAreas(p, v, q as Record<string, string | undefined>, routes, issue);
        }
        const active = activeOnly(route, q);
        for (const c of route.constraints ?? []) {
          const v = active[c.param];
          if (v !== undefined && !c.cases[constraintKey(c, active)]?.values.includes(v)) ctx.addIssue({ code: 'custom', path: [c.param], message: 'not available for this combination' });
        }
      })
      // Defaults are filled in before activeWhen can be judged on canonical values: drop them again.
      .transform((q) => {
        const out = activeOnly(route, q) as CanonicalQuery;
        for (const p of route.params) {
          if (p.type === 'code' && p.parent && p.outsideParentIsAll && out[p.name] !== undefined) {
            const codes = (routes.domains.get(p.domain) as Map<string, Set<string>> | undefined)?.get(out[p.parent] ?? '');
            if (!codes?.has(out[p.name]!)) out[p.name] = '-';
          }
        }
        return out;
      }),
  ) as z.ZodType<CanonicalQuery>;
}

/** The values of the parameters that take effect, in declaration order (defaults of ignored ones dropped). */
function activeOnly(route: RouteOp, q: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const p of route.params) {
    const v = q[p.name] as string | undefined;
    if (v !== undefined && isActive(p, out)) out[p.name] = v;
  }
  return out;
}

function fieldSchema(p: ParamSpec, routes: CompiledRoutes): z.ZodType<string, string> {
  switch (p.type) {
    case 'pref':
      return z
        .string()
        .regex(/^[0-9]{1,2}$/)
        .transform(Number)
        .refine((n) => routes.prefectures.has(n), 'not a prefecture of this build')
        .transform(String);
    case 'city':
      return z.union([z.literal('-'), z.string().regex(/^[0-9]{5}$/)]);
    case 'int':
      return z
        .string()
        .regex(/^-?[0-9]{1,9}$/)
        .transform(Number)
        .refine((n) => (p.values ? p.values.includes(n) : n >= (p.min ?? -Infinity) && n <= (p.max ?? Infinity)), 'out of range')
        .transform(String);
    case 'code': {
      const code = z.string().regex(/^[A-Za-z0-9]{1,16}$/);
      const inDomain = p.parent ? code : code.refine((v) => (routes.domains.get(p.domain) as Set<string> | undefined)?.has(v) ?? false, 'unknown code');
      return p.all ? z.union([z.literal('-'), inDomain]) : inDomain;
    }
    case 'areas':
      return z.string();
    case 'tecs':
      return z.string().superRefine((v, ctx) => {
        const entries = v.split(',');
        const themes = routes.domains.get(p.domain) as Map<string, Set<string>> | undefined;
        if (entries.length > p.max) ctx.addIssue({ code: 'custom', message: `at most ${p.max} entries` });
        for (const e of entries) {
          const m = /^([0-9]{1,3})?_([0-9]{1,3})?$/.exec(e);
          const tec = m?.[1] === undefined ? undefined : String(Number(m[1]));
          const theme = m?.[2] === undefined ? undefined : String(Number(m[2]));
          const ok = m && (tec === undefined ? theme === undefined : themes?.has(tec) && (theme === undefined || themes.get(tec)!.has(theme)));
          if (!ok) ctx.addIssue({ code: 'custom', message: `bad entry ${e}` });
        }
      });
  }
}

function checkAreas(p: Extract<ParamSpec, { type: 'areas' }>, raw: string, q: Record<string, string | undefined>, routes: CompiledRoutes, issue: (m: string) => void): void {
  const entries = raw.split(',');
  if (entries.length > p.max) return issue(`at most ${p.max} entries`);
  const municipal = p.city !== undefined && q[p.city] !== undefined && q[p.city] !== '-';
  const seen = new Set([municipal ? q[p.city!] : `p${Number(q[p.pref])}`]);
  for (const e of entries) {
    const m = /^([0-9]{1,2})_([0-9]{5})?$/.exec(e);
    if (!m) return issue(`bad entry ${e}`);
    const pref = Number(m[1]);
    if (!routes.prefectures.has(pref)) return issue(`unknown prefecture in ${e}`);
    if (municipal !== (m[2] !== undefined)) return issue(`entry ${e} is not at the level of ${municipal ? 'a municipality' : 'a prefecture'}`);
    if (m[2] !== undefined && !routes.cities.get(pref)?.has(m[2])) return issue(`unknown municipality in ${e}`);
    const key = m[2] ?? `p${pref}`;
    if (seen.has(key)) return issue(`repeated region ${e}`);
    seen.add(key);
  }
}
