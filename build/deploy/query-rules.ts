// What redirect-rule hosts (Netlify, Vercel) need from the route table: for each operation, every set
// of parameters a request may carry, and the file path it maps to. Such hosts match placeholders, not
// logic, so a rule covers one set: required parameters always, optional ones given or left to their
// default. Parameters that take effect only with some values are included only when given.

import { isListParam, type ParamSpec, type RouteOp, type RouteTable } from '../runtime/routes.ts';

export interface QueryRule {
  op: RouteOp;
  /** Parameters the request carries, under the name it uses. */
  given: { spec: ParamSpec; name: string }[];
  /** Parameters absent from the request whose default goes into the path. */
  defaults: { spec: ParamSpec; value: string }[];
  /** The file path with `:<name>` placeholders for given values. */
  destination: string;
}

export function queryRules(table: RouteTable): QueryRule[] {
  const rules: QueryRule[] = [];
  for (const op of table.operations) {
    if (op.unavailable) continue;
    const params = op.params.filter((p) => !p.ignored && !isListParam(p));
    let sets: { given: QueryRule['given']; defaults: QueryRule['defaults'] }[] = [{ given: [], defaults: [] }];
    for (const p of params) {
      const names = [p.name, ...(p.aliases ?? [])];
      const next: typeof sets = [];
      for (const s of sets) {
        for (const name of names) next.push({ given: [...s.given, { spec: p, name }], defaults: s.defaults });
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
      const destination =
        op.path +
        params
          .map((p) => {
            const g = s.given.find((x) => x.spec === p);
            const d = s.defaults.find((x) => x.spec === p);
            return g ? `/${p.name}/:${safeName(g.name)}` : d ? `/${p.name}/${d.value}` : '';
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
