// The `result` schemas of the operations: schema pieces that several operations print alike, and
// resultIssues, which checks a value against a schema and also checks key order, which zod does not.
// Each operation declares its own schema (Operation.result); the key order of its object shapes is the
// order of the keys in the JSON the build writes (the original's).

import { z } from 'zod';
import type { View } from '../runtime/view.ts';
import { columns } from '../runtime/view.ts';

/**
 * The issues of a value against a result schema, each as `path: message`; empty when it conforms.
 * Besides zod's issues, objects must list the keys of their shape in the shape's order (optional keys
 * may be absent); `keyOrder: false` skips that (for copies of responses whose key order was lost).
 */
export function resultIssues(schema: z.ZodType, value: unknown, options: { keyOrder?: boolean } = {}): string[] {
  const parsed = schema.safeParse(value);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${pathText(i.path)}: ${i.message}`);
  if (options.keyOrder !== false) keyOrderIssues(schema, value, [], issues);
  return issues;
}

function pathText(path: PropertyKey[]): string {
  return 'result' + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
}

type Def = { type: string; [k: string]: any };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Walks the schema alongside the value; where they do not fit, zod has said so already. */
function keyOrderIssues(schema: z.ZodType, value: unknown, path: PropertyKey[], out: string[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'nullable':
    case 'optional':
    case 'nonoptional':
    case 'readonly':
    case 'default':
    case 'prefault':
    case 'catch':
      if (value !== null && value !== undefined) keyOrderIssues(def.innerType, value, path, out);
      return;
    case 'lazy':
      return keyOrderIssues(def.getter(), value, path, out);
    case 'pipe':
      return keyOrderIssues(def.in, value, path, out);
    case 'union': {
      // The first option the value satisfies says which shape it has.
      const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      if (option) keyOrderIssues(option, value, path, out);
      return;
    }
    case 'object': {
      if (!isRecord(value)) return;
      const shape = def.shape as Record<string, z.ZodType>;
      const expected = Object.keys(shape).filter((k) => Object.hasOwn(value, k));
      const actual = Object.keys(value).filter((k) => Object.hasOwn(shape, k));
      if (expected.join() !== actual.join())
        out.push(`${pathText(path)}: keys in the order ${actual.join(', ')}; expected ${expected.join(', ')}`);
      for (const k of expected) keyOrderIssues(shape[k]!, value[k], [...path, k], out);
      return;
    }
    case 'record':
      if (isRecord(value))
        for (const [k, v] of Object.entries(value)) keyOrderIssues(def.valueType, v, [...path, k], out);
      return;
    case 'array':
      if (Array.isArray(value)) value.forEach((v, i) => keyOrderIssues(def.element, v, [...path, i], out));
      return;
    case 'tuple':
      if (Array.isArray(value)) value.forEach((v, i) => keyOrderIssues(def.items[i] ?? def.rest, v, [...path, i], out));
      return;
  }
}

/** A tuple of schemas made from a list (z.tuple wants at least one). */
export const tupleOf = (items: z.ZodType[]) => z.tuple(items as [z.ZodType, ...z.ZodType[]]);

// Values.

export const year = z.int().min(1900).max(2100);
export const count = z.int().nonnegative();
/** A share or ratio computed from counts: null where its denominator is 0. */
export const quotient = z.number().nullable();
export const text = z.string();
export const nonEmpty = z.string().min(1);
/** Integer codes printed as text ("1", "13"), as the sources' codes are. */
export const codeText = z.string().regex(/^(?:0|[1-9][0-9]*)$/);
/** A prefecture code as a number, as prefectures and cities print it. */
export const prefCodeNumber = z.int().min(1).max(47);
/** A prefecture code as text without leading zeros ("1", "13"), as most charts print it. */
export const prefCodeText = z.string().regex(/^(?:[1-9]|[1-3][0-9]|4[0-7])$/);
export const cityCodeText = z.string().regex(/^[0-9]{5}$/);
export const letterCode = z.string().regex(/^[A-Z]$/);
export const twoDigitCode = z.string().regex(/^[0-9]{2}$/);
/** A parameter value echoed as text, one of the values it allows. */
export const echoed = (values: (string | number)[]) => z.enum(values.map(String) as [string, ...string[]]);

/** The region a chart speaks of: cityCode and cityName are empty for a whole prefecture. */
export const regionHeader = {
  prefCode: prefCodeText,
  prefName: nonEmpty,
  cityCode: z.union([cityCodeText, z.literal('')]),
  cityName: text,
};

/** The region of a chart that also answers for the nation (prefCode -): then every member is empty. */
export const regionOrNationHeader = {
  ...regionHeader,
  prefCode: z.union([prefCodeText, z.literal('')]),
  prefName: text,
};

/** One point of a yearly series. */
export const yearValue = <V extends z.ZodType>(value: V) => z.strictObject({ year, value });

// Mesh charts (population/mesh/chart and population/futureMesh/chart): 20 ranks.

export const meshChartData = (unit: '人' | '世帯') =>
  tupleOf(
    Array.from({ length: 20 }, (_, i) =>
      z.strictObject({
        classification_cd: z.literal(String(i + 1)),
        /** The rank's upper bound (以下), or the last rank's lower bound (超). */
        classification_name: z.string().regex(new RegExp(`^-?[0-9]+(?:\\.[0-9]+)?${unit}${i < 19 ? '以下' : '超'}$`)),
        /** Meshes in the rank. */
        value1: count,
        /** Cumulative share of meshes, whole percent. */
        value2: z.int().min(0).max(100),
        /** Cumulative share of the population (households), whole percent. */
        value3: z.int().min(0).max(100),
      }),
    ),
  );

// Net migration (population/society/forArea and forAgeClass): per year, the members with a net gain
// under positive<Name>, those with a net loss under negative<Name> (a list without members is left
// out), and the year's total.

export const netMigration = (name: string, member: (value: z.ZodInt) => z.ZodType) =>
  z.strictObject({
    data: z.array(
      z.strictObject({
        year,
        [`positive${name}`]: z.array(member(z.int().positive())).min(1).optional(),
        [`negative${name}`]: z.array(member(z.int().negative())).min(1).optional(),
        total: z.strictObject({ value: z.int() }),
      }),
    ),
  });

/** The explorer's view of both mesh charts: meshes per rank, with the cumulative shares in the table. */
export const MESH_VIEW: View = {
  rows: [{ path: 'data[]' }],
  columns: columns({
    classification_cd: 'classification_cd',
    classification_name: '階級 / rank',
    value1: 'メッシュ数 / meshes',
    value2: 'メッシュ累積割合 (%) / cumulative meshes',
    value3: '人口・世帯累積割合 (%) / cumulative people',
  }),
  chart: { kind: 'bar', x: 'classification_name', y: 'value1' },
};
