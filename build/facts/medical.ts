// Medical counts for every region the composition charts speak of: municipalities as given, designated
// cities, secondary medical areas and prefectures as sums of their parts (or as given, for the years a
// finer unit has no data), and the nation as the sum of all prefectures.

import * as aq from 'arquero';
import { SourceError } from '../user-error.ts';
import type { Sources } from '../../sources/load.ts';
import { TABLES, type TableName } from '../../sources/tables.ts';
import { MATTER2, type MedicalScheme } from '../../sources/medical-codes.ts';
import { getOrSet } from '../runtime/maps.ts';
import { itemAt } from '../runtime/render/population.ts';
import { perSources } from './memo.ts';
import { rollupRegions, type RolledRow } from './rollup.ts';
import { rowsOf, tableOf } from './table.ts';

export interface MedicalCategory {
  code: string;
  name: string;
  /** Middle classes; empty when the category is charted as one item. */
  items: { code: string; name: string }[];
}

interface MedicalArea {
  areaCode: string;
  areaName: string;
  prefCode: number;
  /** Municipality codes, the representative first. */
  cities: [string, ...string[]];
}

export interface MedicalFacts {
  classes: Record<MedicalScheme, MedicalCategory[]>;
  /** By area code, ascending. */
  areas: Map<string, MedicalArea>;
  /** Count by class code, keyed by matter2, year and region (`00` nation, 2-digit prefecture, 4-digit area, 5-digit municipality). */
  counts: Map<string, Map<string, number>>;
}

export const countKey = (matter2: string, year: string | number, region: string) => `${matter2}|${year}|${region}`;

/** The classes alone, for what needs no counts (enumerations, route tables). */
export const medicalClassesOf = perSources(medicalClasses);

export const medicalFacts = perSources((sources: Sources): MedicalFacts => {
  const classes = medicalClassesOf(sources);
  return { classes, areas: medicalAreas(sources), counts: medicalCounts(sources, classes) };
});

/** medical_classes: each scheme's broad categories, in table order, with their middle classes. */
function medicalClasses(sources: Sources): Record<MedicalScheme, MedicalCategory[]> {
  const out: Record<MedicalScheme, MedicalCategory[]> = {
    disease: [],
    department: [],
    doctor: [],
    bed: [],
    nurse: [],
    total: [],
  };
  for (const r of rowsOf(sources, 'medical_classes')) {
    const list = out[r.scheme];
    let cat = list.find((c) => c.code === r.broadCode);
    if (!cat) list.push((cat = { code: r.broadCode, name: r.broadName, items: [] }));
    if (r.middleCode) cat.items.push({ code: r.middleCode, name: r.middleName });
  }
  return out;
}

/** The secondary medical areas alone, for the route table: they need no counts. */
export const medicalAreas = perSources(readAreas);

/**
 * A source table's rows with the physical line of each and the file they come from, for errors found after
 * parsing; no rows when it is absent.
 */
function rowsWithLines<N extends TableName>(sources: Sources, name: N) {
  const t = sources.tables[name];
  const rows = rowsOf(sources, name);
  return {
    file: t?.file ?? `${name}.csv`,
    rows: Array.from(t?.lines ?? [], (line, i) => ({ row: itemAt(rows, i, `row of ${name}`), line })),
  };
}

/** medical_areas: each area with its municipalities, the representative first, by area code ascending. */
function readAreas(sources: Sources): Map<string, MedicalArea> {
  const areas = new Map<string, MedicalArea>();
  const { file, rows } = rowsWithLines(sources, 'medical_areas');
  const listed = new Set(rows.map(({ row }) => row.cityCode));
  for (const { row: r, line } of rows) {
    const area = areas.get(r.areaCode);
    if (area && area.areaName !== r.areaName)
      throw new SourceError(
        file,
        line,
        2,
        `area ${r.areaCode} is named ${r.areaName} here but ${area.areaName} on an earlier line; give one name per area`,
      );
    // A designated city stands for its wards: listing both would count them twice.
    const designated = sources.regions.city(r.cityCode)?.designatedCityCode;
    if (designated && listed.has(designated))
      throw new SourceError(
        file,
        line,
        3,
        `ward ${r.cityCode} and its designated city ${designated} are both listed; list the wards or the city, not both`,
      );
    if (area) area.cities.push(r.cityCode);
    else
      areas.set(r.areaCode, {
        areaCode: r.areaCode,
        areaName: r.areaName,
        prefCode: Number(r.areaCode.slice(0, 2)),
        cities: [r.cityCode],
      });
  }
  return new Map([...areas].sort(([a], [b]) => a.localeCompare(b)));
}

/** A rolled-up row of medical_counts, as sumUp's table holds it. */
type CountRow = RolledRow<'medical_counts', 'matter2' | 'year' | 'classCode', 'count'>;

/** medical_counts: checked against the classes, then every region's counts by class. */
function medicalCounts(sources: Sources, classes: MedicalFacts['classes']): MedicalFacts['counts'] {
  const counts: MedicalFacts['counts'] = new Map();
  if (!sources.tables.medical_counts) return counts;
  checkCounts(sources, classes);
  // sumUp's columns are medical_counts' own, summed: typed here, where its table meets the row type.
  for (const r of sumUp(sources).objects() as CountRow[])
    getOrSet(counts, countKey(String(r.matter2), r.year, r.region), () => new Map<string, number>()).set(
      r.classCode,
      r.count,
    );
  return counts;
}

/** Class codes must belong to their matter2's scheme, and each matter2 and year come at one level per prefecture. */
function checkCounts(sources: Sources, classes: MedicalFacts['classes']): void {
  const { file, rows } = rowsWithLines(sources, 'medical_counts');
  const columns = Object.keys(TABLES.medical_counts.schema.shape);
  const col = (name: string) => columns.indexOf(name) + 1;
  const schemes = new Map(
    MATTER2.map((m) => [
      Number(m.code),
      {
        scheme: m.scheme,
        codes: new Set(classes[m.scheme].flatMap((c) => (c.items.length ? c.items.map((i) => i.code) : [c.code]))),
      },
    ]),
  );
  const levels = new Map<string, { level: string; line: number }>();
  for (const { row: r, line } of rows) {
    const allowed = schemes.get(r.matter2);
    if (!allowed)
      throw new SourceError(
        file,
        line,
        col('matter2'),
        `matter2 ${r.matter2} is not charted; the codes are ${MATTER2.map((m) => m.code).join(', ')}`,
      );
    if (!allowed.codes.has(r.classCode))
      throw new SourceError(
        file,
        line,
        col('classCode'),
        `classCode ${r.classCode} is not a ${allowed.scheme} class of medical_classes.csv (middleCode, or broadCode for a one-item category)`,
      );
    const level = r.areaCode ? 'secondary medical area' : r.regionCode.length === 5 ? 'municipality' : 'prefecture';
    const key = `${r.matter2}|${r.year}|${(r.areaCode || r.regionCode).slice(0, 2)}`;
    const seen = levels.get(key);
    if (!seen) levels.set(key, { level, line });
    else if (seen.level !== level)
      throw new SourceError(
        file,
        line,
        col(r.areaCode ? 'areaCode' : 'regionCode'),
        `matter2 ${r.matter2} ${r.year} for prefecture ${key.slice(-2)} is given by ${level} here but by ${seen.level} on line ${seen.line}; give each matter2 and year at one level per prefecture (the build sums it up)`,
      );
  }
}

/** Every region's counts: given rows and the sums of their parts, as one table. */
function sumUp(sources: Sources) {
  const t = tableOf(sources, 'medical_counts');
  const by = ['matter2', 'year', 'classCode'];
  const sum = { count: aq.op.sum('count') };
  const municipal = t.filter((d: any) => aq.op.length(d.regionCode) === 5).select('regionCode', ...by, 'count');
  // Municipalities, designated cities and prefectures.
  const rolled = rollupRegions(municipal, sources.regions, by, 'count', 'year', { wholeCities: true }); // a designated city listed whole counts toward its prefecture
  const membership = sources.tables.medical_areas?.table.select('areaCode', 'cityCode').rename({ cityCode: 'region' });
  const areasFromCities = membership
    ? rolled
        .join(membership, 'region')
        .groupby('areaCode', ...by)
        .rollup(sum)
        .rename({ areaCode: 'region' })
    : null;
  const areasGiven = t
    .filter((d: any) => d.areaCode !== '')
    .select('areaCode', ...by, 'count')
    .rename({ areaCode: 'region' });
  const prefsFromAreas = areasGiven
    .derive({ region: (d: any) => aq.op.substring(d.region, 0, 2) })
    .groupby('region', ...by)
    .rollup(sum);
  const prefsGiven = t
    .filter((d: any) => aq.op.length(d.regionCode) === 2)
    .select('regionCode', ...by, 'count')
    .rename({ regionCode: 'region' });
  let all = rolled.select('region', ...by, 'count');
  for (const part of [areasFromCities, areasGiven, prefsFromAreas, prefsGiven])
    if (part) all = all.concat(part.select('region', ...by, 'count'));
  const nation = all
    .filter((d: any) => aq.op.length(d.region) === 2)
    .groupby(...by)
    .rollup(sum)
    .derive({ region: () => '00' });
  return all.concat(nation.select('region', ...by, 'count'));
}
