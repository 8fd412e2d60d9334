// Classification masters (industries, occupations, patent fields) as lists and as route-table domains.

import type { Sources } from '../../sources/load.ts';
import type { Row, TableName } from '../../sources/tables.ts';
import type { RouteData } from '../runtime/routes.ts';
import { rowsOf } from './table.ts';

/** Codes of a table's column, as text. */
export const codes = <N extends TableName>(sources: Sources, name: N, column: keyof Row<N>) =>
  rowsOf(sources, name).map((r) => String(r[column]));

/** Child codes grouped by parent code, both as text, in table order. */
export function byParent<N extends TableName>(
  sources: Sources,
  name: N,
  parent: keyof Row<N>,
  child: keyof Row<N>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of rowsOf(sources, name)) (out[String(r[parent])] ??= []).push(String(r[child]));
  return out;
}

export const industries = {
  broad: (s: Sources) => rowsOf(s, 'industries_broad'),
  middle: (s: Sources) => rowsOf(s, 'industries_middle'),
  narrow: (s: Sources) => rowsOf(s, 'industries_narrow'),
  domains: (s: Sources): RouteData => ({
    domains: {
      industriesBroad: codes(s, 'industries_broad', 'sicCode'),
      industriesMiddle: byParent(s, 'industries_middle', 'sicCode', 'simcCode'),
    },
  }),
};

export const occupations = {
  broad: (s: Sources) => rowsOf(s, 'occupations_broad'),
  middle: (s: Sources) => rowsOf(s, 'occupations_middle'),
  domains: (s: Sources): RouteData => ({
    domains: {
      occupationsBroad: codes(s, 'occupations_broad', 'iscoCode'),
      occupationsMiddle: byParent(s, 'occupations_middle', 'iscoCode', 'ismcoCode'),
    },
  }),
};

export const patentFields = {
  fields: (s: Sources) => rowsOf(s, 'patent_fields'),
  themes: (s: Sources) => rowsOf(s, 'patent_themes'),
  domains: (s: Sources): RouteData => ({
    domains: {
      patentFields: codes(s, 'patent_fields', 'tecCode'),
      patentThemes: byParent(s, 'patent_themes', 'tecCode', 'themeCode'),
    },
    labels: {
      patentFields: Object.fromEntries(patentFields.fields(s).map((f) => [String(f.tecCode), f.tecName])),
      patentThemes: Object.fromEntries(patentFields.themes(s).map((t) => [`${t.tecCode}_${t.themeCode}`, t.themeName])),
    },
  }),
};
