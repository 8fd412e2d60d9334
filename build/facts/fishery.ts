// Fishery entity counts and sales amounts for every region: municipalities as given, designated cities and prefectures
// as the sums of their parts (rollupRows), and the nation as the sum of all prefectures.

import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { getOrSet } from '../runtime/maps.ts';
import type { FisheryFacts, FisheryKind } from '../runtime/render/fishery.ts';
import { perSources } from './memo.ts';
import { rollupRegions, rollupRows, type RolledRow, type Table } from './rollup.ts';
import { rowsOf } from './table.ts';

/** A region's own key and, for a prefecture, the nation's too. */
const keys = (region: string) => (region.length === 2 ? [region, '00'] : [region]);

/** The entity counts of each activity of fishery_entities, by the share chart that reads them. */
const ACTIVITIES = [
  ['sales', 'catch'],
  ['aquacultureSales', 'aquaculture'],
] as const satisfies readonly (readonly [FisheryKind, Row<'fishery_entities'>['activity']])[];

/** Facts by region code (2 or 5 digits) and `00` for the nation. */
export const fisheryFacts = perSources((sources: Sources): Map<string, FisheryFacts> => {
  const out = new Map<string, FisheryFacts>();
  addEntities(sources, out);
  addDestinations(sources, out);
  addSales(sources, out);
  addDestinationSales(sources, out);
  return out;
});

/**
 * Adds a figure of a year and class code (entities; million yen for destinationSales) to a region's counts
 * of a kind and, for a prefecture, to the nation's.
 */
function addCount(
  out: Map<string, FisheryFacts>,
  kind: FisheryKind | 'destinationSales',
  at: { region: string; year: number },
  code: number,
  n: number,
): void {
  for (const key of keys(at.region)) {
    const y = ((getOrSet(out, key, (): FisheryFacts => ({}))[kind] ??= {})[at.year] ??= {});
    y[code] = (y[code] ?? 0) + n;
  }
}

/** fishery_entities: the sea-catch and sea-aquaculture entities by sales band, per year. */
function addEntities(sources: Sources, out: Map<string, FisheryFacts>): void {
  for (const [kind, activity] of ACTIVITIES)
    for (const r of activityRows(sources, activity)) addCount(out, kind, r, r.band, r.entities);
}

type ActivityRow = RolledRow<'fishery_entities', 'year' | 'band', 'entities'>;

/**
 * The rolled-up rows of one activity of fishery_entities (none without the table). Each activity is rolled
 * up on its own, so a region's own rows of one activity shadow the sum of its parts for that activity only:
 * the filter makes this more than a plain rollupRows, and this is where its rows get their type.
 */
function activityRows(sources: Sources, activity: Row<'fishery_entities'>['activity']): ActivityRow[] {
  const t = sources.tables.fishery_entities;
  if (!t) return [];
  const rows: Table = t.table.params({ activity }).filter((d: any, $: any) => d.activity === $.activity);
  return rollupRegions(rows, sources.regions, ['year', 'band'], 'entities', 'year').objects() as ActivityRow[];
}

/** fishery_destinations: the sea-catch entities by main shipping destination, per year. */
function addDestinations(sources: Sources, out: Map<string, FisheryFacts>): void {
  for (const r of rollupRows(sources, 'fishery_destinations', ['year', 'destination'], ['entities'], 'year'))
    addCount(out, 'shipRatio', r, r.destination, r.entities);
}

/** fishery_sales: the sales (million yen) of each activity's entities, per year. */
function addSales(sources: Sources, out: Map<string, FisheryFacts>): void {
  for (const r of rollupRows(sources, 'fishery_sales', ['year', 'activity'], ['sales'], 'year')) {
    const kind = r.activity === 'catch' ? 'salesAmount' : 'aquacultureSalesAmount';
    for (const key of keys(r.region)) {
      const amounts = (getOrSet(out, key, (): FisheryFacts => ({}))[kind] ??= {});
      amounts[r.year] = (amounts[r.year] ?? 0) + r.sales;
    }
  }
}

/** fishery_destination_sales: the sea-catch sales (million yen) by main shipping destination, per year. */
function addDestinationSales(sources: Sources, out: Map<string, FisheryFacts>): void {
  for (const r of rollupRows(sources, 'fishery_destination_sales', ['year', 'destination'], ['sales'], 'year'))
    addCount(out, 'destinationSales', r, r.destination, r.sales);
}

/** The labels of the fishery classes by kind (`band`, `destination`) and code; none without fishery_classes. */
export function fisheryClassLabels(sources: Sources, kind: Row<'fishery_classes'>['kind']): Record<string, string> {
  const rows = rowsOf(sources, 'fishery_classes').filter((r) => r.kind === kind);
  return Object.fromEntries(rows.map((r) => [String(r.code), r.label]));
}
