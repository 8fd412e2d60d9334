// Classification masters (industries, occupations, patent fields) as lists and as route-table domains.

import type { Sources } from '../../sources/load.ts';
import type { RouteData } from '../runtime/routes.ts';

type Rows = Record<string, unknown>[];
const rows = (sources: Sources, name: keyof Sources['tables']): Rows =>
  (sources.tables[name]?.table.objects() ?? []) as Rows;

/** Codes of a table's column, as text. */
export const codes = (sources: Sources, name: keyof Sources['tables'], column: string) =>
  rows(sources, name).map((r) => String(r[column]));

/** Child codes grouped by parent code, both as text, in table order. */
export function byParent(
  sources: Sources,
  name: keyof Sources['tables'],
  parent: string,
  child: string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of rows(sources, name)) (out[String(r[parent])] ??= []).push(String(r[child]));
  return out;
}

export const industries = {
  broad: (s: Sources) => rows(s, 'industries_broad') as { sicCode: string; sicName: string }[],
  middle: (s: Sources) => rows(s, 'industries_middle') as { simcCode: string; sicCode: string; simcName: string }[],
  narrow: (s: Sources) => rows(s, 'industries_narrow') as { siscCode: string; simcCode: string; siscName: string }[],
  domains: (s: Sources): RouteData => ({
    domains: {
      industriesBroad: codes(s, 'industries_broad', 'sicCode'),
      industriesMiddle: byParent(s, 'industries_middle', 'sicCode', 'simcCode'),
    },
  }),
};

export const occupations = {
  broad: (s: Sources) => rows(s, 'occupations_broad') as { iscoCode: string; iscoName: string }[],
  middle: (s: Sources) => rows(s, 'occupations_middle') as { ismcoCode: string; iscoCode: string; ismcoName: string }[],
  domains: (s: Sources): RouteData => ({
    domains: {
      occupationsBroad: codes(s, 'occupations_broad', 'iscoCode'),
      occupationsMiddle: byParent(s, 'occupations_middle', 'iscoCode', 'ismcoCode'),
    },
  }),
};

export const patentFields = {
  fields: (s: Sources) => rows(s, 'patent_fields') as { tecCode: number; tecName: string }[],
  themes: (s: Sources) => rows(s, 'patent_themes') as { tecCode: number; themeCode: number; themeName: string }[],
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
