// Fishery entity counts and sales amounts for every region: municipalities as given, designated cities and prefectures
// as the sums of their parts (rollupRegions), and the nation as the sum of all prefectures.

import type { Sources } from '../../sources/load.ts';
import type { ClassCounts, FisheryFacts, FisheryKind } from '../runtime/render/fishery.ts';
import type { Row } from '../../sources/tables.ts';
import { perSources } from './memo.ts';
import { rollupRegions, type Table } from './rollup.ts';
import { rowsOf } from './table.ts';

/** Facts by region code (2 or 5 digits) and `00` for the nation. */
export const fisheryFacts = perSources((sources: Sources): Map<string, FisheryFacts> => {
  const out = new Map<string, FisheryFacts>();
  const { tables, regions } = sources;
  /** Adds figures by year and code (entities; million yen for destinationSales) to the region and, for a prefecture, the nation. */
  const add = (
    kind: FisheryKind | 'destinationSales',
    rows: { region: string; year: number; code: number; n: number }[],
  ) => {
    for (const r of rows) {
      for (const key of r.region.length === 2 ? [r.region, '00'] : [r.region]) {
        const facts = out.get(key) ?? out.set(key, {}).get(key)!;
        const counts: ClassCounts = (facts[kind] ??= {});
        const y = (counts[r.year] ??= {});
        y[r.code] = (y[r.code] ?? 0) + r.n;
      }
    }
  };
  const rolled = (t: Table, by: string[], value = 'entities') =>
    rollupRegions(t, regions, by, value, 'year').objects() as Record<string, any>[];
  if (tables.fishery_entities) {
    for (const [kind, activity] of [
      ['sales', 'catch'],
      ['aquacultureSales', 'aquaculture'],
    ] as const) {
      const t = tables.fishery_entities.table
        .params({ activity })
        .filter((d: any, $: any) => d.activity === $.activity);
      add(
        kind,
        rolled(t, ['year', 'band']).map((r) => ({
          region: r.region,
          year: r.year,
          code: r.band,
          n: r.entities,
        })),
      );
    }
  }
  if (tables.fishery_destinations) {
    add(
      'shipRatio',
      rolled(tables.fishery_destinations.table, ['year', 'destination']).map((r) => ({
        region: r.region,
        year: r.year,
        code: r.destination,
        n: r.entities,
      })),
    );
  }
  if (tables.fishery_sales) {
    for (const r of rolled(tables.fishery_sales.table, ['year', 'activity'], 'sales')) {
      const kind = r.activity === 'catch' ? 'salesAmount' : 'aquacultureSalesAmount';
      for (const key of r.region.length === 2 ? [r.region, '00'] : [r.region]) {
        const amounts = ((out.get(key) ?? out.set(key, {}).get(key)!)[kind] ??= {});
        amounts[r.year] = (amounts[r.year] ?? 0) + r.sales;
      }
    }
  }
  if (tables.fishery_destination_sales) {
    add(
      'destinationSales',
      rolled(tables.fishery_destination_sales.table, ['year', 'destination'], 'sales').map((r) => ({
        region: r.region,
        year: r.year,
        code: r.destination,
        n: r.sales,
      })),
    );
  }
  return out;
});

/** The labels of the fishery classes by kind (`band`, `destination`) and code; none without fishery_classes. */
export function fisheryClassLabels(sources: Sources, kind: Row<'fishery_classes'>['kind']): Record<string, string> {
  const rows = rowsOf(sources, 'fishery_classes').filter((r) => r.kind === kind);
  return Object.fromEntries(rows.map((r) => [String(r.code), r.label]));
}
