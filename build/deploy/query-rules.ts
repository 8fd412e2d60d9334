// What redirect-rule hosts (Netlify, Vercel) need from the route table: for each operation, every set
// of parameters a request may carry, and the file path it maps to. Such hosts match placeholders, not
// logic, so a rule covers one set: required parameters always, optional ones given or left to their
// default. Parameters that take effect only with some values are included only when given.

import { isListParam, typeOf } from '../runtime/params.ts';
import type { ParamSpec, RouteOp, RouteTable } from '../runtime/routes.ts';

interface QueryRule {
  op: RouteOp;
  /**
   * Parameters the request carries, under the name it uses; `as`, where set, is the canonical value the
   * rule is for (`-` or a presence parameter's collapsed form), written into the destination literally.
   */
  given: { spec: ParamSpec; name: string; as?: string }[];
  /** Parameters absent from the request whose default goes into the path. */
  defaults: { spec: ParamSpec; value: string }[];
  /** The file path with `:<name>` placeholders for given values. */
  destination: string;
}

/**
 * With `collapse`, a presence parameter given has two rules, one for `-` and one for its codes, each naming
 * its own file (hosts that match values, such as Vercel); without, one placeholder rule (Netlify, which
 * matches no values: its codes then name no file).
 */
export function queryRules(table: RouteTable, { collapse = false } = {}): QueryRule[] {
  const rules: QueryRule[] = [];
  for (const op of table.operations) {
    if (op.unavailable) continue;
    const params = op.params.filter((p) => !p.ignored && !isListParam(p));
    let sets: { given: QueryRule['given']; defaults: QueryRule['defaults'] }[] = [{ given: [], defaults: [] }];
    for (const p of params) {
      const names = [p.name, ...(p.aliases ?? [])];
      const next: typeof sets = [];
      for (const s of sets) {
        const collapsed = collapse ? typeOf(p).collapsed : undefined;
        const forms = collapsed ? ['-', collapsed] : [undefined];
        for (const name of names)
          for (const as of forms)
            next.push({ given: [...s.given, { spec: p, name, ...(as ? { as } : {}) }], defaults: s.defaults });
        if (!p.required || p.activeWhen) {
          const value = p.default !== undefined && !p.activeWhen ? String(p.default) : undefined;
          next.push({
            given: s.given,
            defaults: value === undefined ? s.defaults : [...s.defaults, { spec: p, value }],
          });
        }
      }
      sets = next;
    }
    for (const s of sets) {
      // Values the rule knows literally: a parameter they switch off is ignored, so it names no segment.
      const known: Record<string, string> = {};
      for (const g of s.given) if (g.as !== undefined) known[g.spec.name] = g.as;
      for (const d of s.defaults) known[d.spec.name] = d.value;
      const off = (p: ParamSpec) =>
        [p.activeWhen ?? []].flat().some((c) => c.param in known && !c.values.includes(known[c.param]!));
      const destination =
        op.path +
        params
          .map((p) => {
            const g = s.given.find((x) => x.spec === p);
            const d = s.defaults.find((x) => x.spec === p);
            if (off(p)) return '';
            return g ? `/${p.name}/${g.as ?? `:${safeName(g.name)}`}` : d ? `/${p.name}/${d.value}` : '';
          })
          .join('') +
        '/index.json';
      rules.push({ op, ...s, destination });
    }
  }
  // More parameters first: hosts take the first rule that matches.
  return rules.sort((a, b) => b.given.length - a.given.length);
}

/** Placeholder names must be identifiers. */
export const safeName = (name: string) => name.replace(/[^A-Za-z0-9]/g, '');
