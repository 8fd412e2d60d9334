// The industry selection of the municipal industry operations (municipality/value, labor, company,
// plant, employee perYear and industry/power/forArea): sicCode and simcCode, `-` for all, as
// parameters, as the files they enumerate and as the names they echo; and facts added up the regions
// and over the selections, so that a broad class or all industries is the sum of its middle classes.

import * as aq from 'arquero';
import type { Sources } from '../../../sources/load.ts';
import { industries } from '../../facts/classifications.ts';
import { rollupRegions, type Table } from '../../facts/rollup.ts';
import type { Canonical } from '../../runtime/params.ts';
import { codeOrAll, regionValues, type BuildContext } from '../operation.ts';

export const sicCodeParam = () =>
  codeOrAll('sicCode', 'industriesBroad', 'Industry broad class, or - for all (see /api/v1/industries/broad).');
export const simcCodeParam = () => ({
  ...codeOrAll(
    'simcCode',
    'industriesMiddle',
    'Industry middle class of sicCode, or - for all of it (see /api/v1/industries/middle); with sicCode=-, a middle class names its broad class too, as the original answered it.',
    'sicCode',
  ),
  parentFromCode: true,
});

/** The code lists sicCode and simcCode are checked against (the industry masters' domains). */
export const selectionDomains = industries.domains;

/** Every selection: all industries, each broad class, each middle class of it. */
export function selections(s: Sources): { sicCode: string; simcCode: string }[] {
  const middle = industries.middle(s);
  return [
    { sicCode: '-', simcCode: '-' },
    ...industries
      .broad(s)
      .flatMap((b) => [
        { sicCode: b.sicCode, simcCode: '-' },
        ...middle.filter((m) => m.sicCode === b.sicCode).map((m) => ({ sicCode: b.sicCode, simcCode: m.simcCode })),
      ]),
  ];
}

/** `{prefCode, cityCode, sicCode, simcCode}` for every region in scope and every selection. */
export const regionSelectionValues = (ctx: BuildContext): Canonical[] => {
  const all = selections(ctx.sources);
  return regionValues(ctx).flatMap((r) => all.map((s) => ({ ...r, ...s })));
};

/** The names of a selection as the responses echo them: empty for `-`. */
export function selectionNames(s: Sources) {
  const broad = new Map(industries.broad(s).map((b) => [b.sicCode, b.sicName]));
  const middle = new Map(industries.middle(s).map((m) => [m.simcCode, m.simcName]));
  return (sicCode: string, simcCode: string) => ({
    sicCode: sicCode === '-' ? '' : sicCode,
    sicName: sicCode === '-' ? '' : broad.get(sicCode)!,
    simcCode: simcCode === '-' ? '' : simcCode,
    simcName: simcCode === '-' ? '' : middle.get(simcCode)!,
  });
}

/** The region a municipal response speaks of: the city members are empty for a whole prefecture. */
export function regionEcho(s: Sources, prefCode: string, cityCode: string) {
  return {
    prefCode: Number(prefCode),
    prefName: s.regions.prefecture(Number(prefCode))!.prefName,
    cityCode: cityCode === '-' ? '' : cityCode,
    cityName: cityCode === '-' ? '' : (s.regions.city(cityCode)?.cityName ?? ''),
  };
}

/** Facts of one region and selection, by year. */
export type BySelection<V extends string> = Map<string, Map<number, Record<V, number>>>;

/** The key of a region and a selection in a BySelection map. */
export const selectionKey = (region: string, sicCode: string, simcCode: string) => `${region}|${sicCode}|${simcCode}`;

/**
 * Facts (a table with regionCode, year, simcCode and the value columns) added up the regions, then over
 * the selections: for each region, selection and year with facts, the sums. A region and year with facts
 * has a `-|-` entry; a selection without facts there has none (it counts as 0). `keep` limits the
 * municipalities to those of some prefectures (every prefecture stays) to spare memory.
 */
export function factsBySelection<V extends string>(
  s: Sources,
  facts: Table,
  values: readonly V[],
  keep?: number[],
): BySelection<V> {
  // Built column by column so that an empty class list still has the columns the join names.
  const classes = industries.middle(s);
  const middle = aq.table({ simcCode: classes.map((m) => m.simcCode), sicCode: classes.map((m) => m.sicCode) });
  let rolled = rollupRegions(facts, s.regions, ['year', 'simcCode'], [...values], 'year');
  if (keep) {
    const scope = keep.map((p) => String(p).padStart(2, '0'));
    rolled = (rolled.params({ scope }) as Table).filter(
      (d: any, $: any) => aq.op.length(d.region) === 2 || aq.op.includes($.scope, aq.op.substring(d.region, 0, 2)),
    );
  }
  const econ = rolled.join(middle, 'simcCode');
  const sums = Object.fromEntries(values.map((v) => [v, aq.op.sum(v)]));
  const all = econ
    .select('region', 'year', 'sicCode', 'simcCode', ...values)
    .concat(
      econ
        .groupby('region', 'year', 'sicCode')
        .rollup(sums)
        .derive({ simcCode: () => '-' }),
    )
    .concat(
      econ
        .groupby('region', 'year')
        .rollup(sums)
        .derive({ sicCode: () => '-', simcCode: () => '-' }),
    )
    .orderby('region', 'sicCode', 'simcCode', 'year');
  const out: BySelection<V> = new Map();
  for (const row of all.objects() as Record<string, any>[]) {
    const key = selectionKey(row.region, row.sicCode, row.simcCode);
    let years = out.get(key);
    if (!years) out.set(key, (years = new Map()));
    years.set(row.year, Object.fromEntries(values.map((v) => [v, row[v]])) as Record<V, number>);
  }
  return out;
}

// Value added and employees (industry_economy), shared by the operations that read them; computed once
// per sources and scope.

const economyMemo = new WeakMap<Sources, Map<string, BySelection<'valueAdded' | 'employees'>>>();

/** industry_economy by region and selection; `keep` as in factsBySelection (absent: every region). */
export function economyBySelection(s: Sources, keep?: number[]): BySelection<'valueAdded' | 'employees'> {
  let memo = economyMemo.get(s);
  if (!memo) economyMemo.set(s, (memo = new Map()));
  const id = keep ? keep.join(',') : '*';
  let facts = memo.get(id);
  if (!facts)
    memo.set(id, (facts = factsBySelection(s, s.tables.industry_economy!.table, ['valueAdded', 'employees'], keep)));
  return facts;
}
