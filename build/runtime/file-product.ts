// The files of an operation, derived from its declared parameters: the product of each parameter's file
// values (the parameter-type table's `fileValues`: the scope's prefectures, a prefecture's municipalities,
// an int's values, a domain's codes…) where it takes effect, kept to what its constraints allow. It is the
// set of canonical values the resolver accepts, so an operation whose files are that set declares no
// enumeration of its own, and none can drift from what its requests ask for.

import { isListParam, typeOf, type Canonical } from './params.ts';
import {
  constraintKey,
  isActive,
  type CompiledRoutes,
  type Constraint,
  type ParamSpec,
  type RouteOp,
} from './routes.ts';

/** A constraint holds for canonical values as the resolver reads it: an absent parameter is not checked. */
function holds(c: Constraint, values: Canonical): boolean {
  const v = values[c.param];
  return v === undefined || !!c.cases[constraintKey(c, values)]?.values.includes(v);
}

/**
 * Canonical values of every file of `op`, in parameter order (the first parameter's values outermost).
 * A parameter's values are its type's file values, or those its constraint lists for the values before
 * it, in the constraint's order (the medical data years exist only so); an optional parameter without a
 * default may also be absent. Every other constraint is applied as soon
 * as the parameters it reads have values, which keeps the product small where constraints prune it.
 */
export function fileProduct(op: RouteOp, routes: CompiledRoutes): Canonical[] {
  const params = op.params.filter((p) => !isListParam(p));
  const constraints = op.constraints ?? [];
  const ready = (c: Constraint) =>
    Math.max(...[c.param, ...c.by.map((b) => b.param)].map((n) => params.findIndex((p) => p.name === n)));
  let combos: Canonical[] = [{}];
  params.forEach((spec, i) => {
    const listing = constraints.filter((c) => c.param === spec.name && ready(c) === i);
    combos = combos.flatMap((got) => {
      if (!isActive(spec, got)) return [got];
      const values = valuesOf(op, spec, got, routes, listing);
      return [
        ...(spec.required || spec.default !== undefined ? [] : [got]),
        ...values.map((v) => ({ ...got, [spec.name]: v })),
      ];
    });
    for (const c of constraints) if (ready(c) === i && !listing.includes(c)) combos = combos.filter((v) => holds(c, v));
  });
  const { pairs } = op;
  return pairs ? combos.filter((v) => v[pairs.left] === v[pairs.right]) : combos;
}

/** The values of one parameter for the values before it: its type's, narrowed to and ordered by what its constraints list. */
function valuesOf(op: RouteOp, spec: ParamSpec, got: Canonical, routes: CompiledRoutes, listing: Constraint[]) {
  let values = typeOf(spec).fileValues(spec, got, routes);
  for (const c of listing) {
    const listed = c.cases[constraintKey(c, got)]?.values ?? [];
    const known = values;
    values = known === null ? listed : listed.filter((v) => known.includes(v));
  }
  if (values === null)
    throw new Error(
      `${op.path}: ${spec.name} takes no list of values and no constraint lists them, so the operation must declare enumerate`,
    );
  return values;
}
