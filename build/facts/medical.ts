// Medical counts for every region the composition charts speak of: municipalities as given, designated
// cities, secondary medical areas and prefectures as sums of their parts (or as given, for the years a
// finer unit has no data), and the nation as the sum of all prefectures.

import * as aq from 'arquero';
import { SourceError } from '../user-error.ts';
import type { Sources } from '../../sources/load.ts';
import type { Row } from '../../sources/tables.ts';
import { MATTER2, type MedicalScheme } from '../../sources/medical-codes.ts';
import { perSources } from './memo.ts';
import { rollupRegions } from './rollup.ts';
import { rowsOf, tableOf } from './table.ts';

export interface MedicalCategory {
  code: string;
  name: string;
  /** Middle classes; empty when the category is charted as one item. */
  items: { code: string; name: string }[];
}

export interface MedicalArea {
  areaCode: string;
  areaName: string;
  prefCode: number;
  /** Municipality codes, the representative first. */
  cities: string[];
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
  const facts: MedicalFacts = { classes: medicalClassesOf(sources), areas: medicalAreas(sources), counts: new Map() };
  if (sources.tables.medical_counts) {
    checkCounts(sources, facts);
    for (const r of sumUp(sources).objects() as {
      region: string;
      matter2: number;
      year: number;
      classCode: string;
      count: number;
    }[]) {
      const key = countKey(String(r.matter2), r.year, r.region);
      const byClass = facts.counts.get(key) ?? facts.counts.set(key, new Map()).get(key)!;
      byClass.set(r.classCode, r.count);
    }
  }
  return facts;
});

function medicalClasses(sources: Sources): Record<MedicalScheme, MedicalCategory[]> {
  const out: Record<MedicalScheme, MedicalCategory[]> = { disease: [], department: [], doctor: [], bed: [], nurse: [] };
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

function readAreas(sources: Sources): Map<string, MedicalArea> {
  const t = sources.tables.medical_areas;
  const areas = new Map<string, MedicalArea>();
  if (!t) return areas;
  const rows = t.table.objects() as Row<'medical_areas'>[];
  const listed = new Set(rows.map((r) => r.cityCode));
  rows.forEach((r, i) => {
    const area =
      areas.get(r.areaCode) ??
      areas
        .set(r.areaCode, {
          areaCode: r.areaCode,
          areaName: r.areaName,
          prefCode: Number(r.areaCode.slice(0, 2)),
          cities: [],
        })
        .get(r.areaCode)!;
    if (area.areaName !== r.areaName)
      throw new SourceError(
        t.file,
        t.lines[i]!,
        2,
        `area ${r.areaCode} is named ${r.areaName} here but ${area.areaName} on an earlier line; give one name per area`,
      );
    // A designated city stands for its wards: listing both would count them twice.
    const designated = sources.regions.city(r.cityCode)?.designatedCityCode;
    if (designated && listed.has(designated))
      throw new SourceError(
        t.file,
        t.lines[i]!,
        3,
        `ward ${r.cityCode} and its designated city ${designated} are both listed; list the wards or the city, not both`,
      );
    area.cities.push(r.cityCode);
  });
  return new Map([...areas].sort(([a], [b]) => a.localeCompare(b)));
}

/** Class codes must belong to their matter2's scheme, and each matter2 and year come at one level per prefecture. */
function checkCounts(sources: Sources, facts: MedicalFacts): void {
  const t = sources.tables.medical_counts!;
  const columns = Object.keys(t.spec.schema.shape);
  const col = (name: string) => columns.indexOf(name) + 1;
  const codes = new Map(
    MATTER2.map((m) => [
      Number(m.code),
      new Set(facts.classes[m.scheme].flatMap((c) => (c.items.length ? c.items.map((i) => i.code) : [c.code]))),
    ]),
  );
  const levels = new Map<string, { level: string; line: number }>();
  const rows = t.table.objects() as Row<'medical_counts'>[];
  rows.forEach((r, i) => {
    const line = t.lines[i]!;
    const allowed = codes.get(r.matter2);
    if (!allowed)
      throw new SourceError(
        t.file,
        line,
        col('matter2'),
        `matter2 ${r.matter2} is not charted; the codes are ${MATTER2.map((m) => m.code).join(', ')}`,
      );
    if (!allowed.has(r.classCode)) {
      const scheme = MATTER2.find((m) => Number(m.code) === r.matter2)!.scheme;
      throw new SourceError(
        t.file,
        line,
        col('classCode'),
        `classCode ${r.classCode} is not a ${scheme} class of medical_classes.csv (middleCode, or broadCode for a one-item category)`,
      );
    }
    const level = r.areaCode ? 'secondary medical area' : r.regionCode.length === 5 ? 'municipality' : 'prefecture';
    const key = `${r.matter2}|${r.year}|${(r.areaCode || r.regionCode).slice(0, 2)}`;
    const seen = levels.get(key);
    if (!seen) levels.set(key, { level, line });
    else if (seen.level !== level) {
      throw new SourceError(
        t.file,
        line,
        col(r.areaCode ? 'areaCode' : 'regionCode'),
        `matter2 ${r.matter2} ${r.year} for prefecture ${key.slice(-2)} is given by ${level} here but by ${seen.level} on line ${seen.line}; give each matter2 and year at one level per prefecture (the build sums it up)`,
      );
    }
  });
}

/** Every region's counts: given rows and the sums of their parts, as one table. */
function sumUp(sources: Sources) {
  const t = tableOf(sources, 'medical_counts');
  const by = ['matter2', 'year', 'classCode'];
  const sum = { count: aq.op.sum('count') };
  const municipal = t.filter((d: any) => aq.op.length(d.regionCode) === 5).select('regionCode', ...by, 'count');
  // Municipalities, designated cities and prefectures.
  const rolled = rollupRegions(municipal, sources.regions, by, 'count', 'year');
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
