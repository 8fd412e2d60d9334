// Code lists saved beside the RESAS responses (the codes pages of the original were documents, not
// endpoints): municipalities, secondary medical areas and the medical classifications. Each is found by
// the end of its file name, so lists gathered from different places can sit in one folder.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../csv.ts';
import { InputError, SourceError } from '../../build/user-error.ts';

interface MasterCity {
  cityCode: string;
  cityName: string;
  bigCityFlag: string;
}

interface Masters {
  used: string[];
  cities?: MasterCity[];
  /** areaCode, areaName, cityCode: the master's order, so its first municipality represents the area. */
  areas?: [string, string, string][];
  /** scheme, broadCode, broadName, middleCode, middleName */
  classes: [string, string, string, string, string][];
}

const FILES = {
  cities: 'mst_cities.csv',
  areas: 'secondary_medical_code_list.csv',
  disease: 'medical_injury_classification.csv',
  department: 'medical_hospital_classification.csv',
  doctor: 'medical_doctor_classification.csv',
  bed: 'medical_type_of_hospital_beds.csv',
};

type MasterRow = Record<string, string>;

export function readMasters(dir: string): Masters {
  if (!existsSync(dir)) throw new InputError(`The masters folder ${dir} does not exist.`);
  const names = readdirSync(dir).sort();
  const out: Masters = { used: [], classes: [] };
  const read = (suffix: string) => masterRows(dir, names, suffix, out.used);
  const cities = read(FILES.cities);
  if (cities) {
    out.cities = need(cities, FILES.cities, ['cityCode', 'cityName', 'bigCityFlag']).map((r) => ({
      cityCode: r.cityCode!.padStart(5, '0'),
      cityName: r.cityName!,
      bigCityFlag: r.bigCityFlag!,
    }));
  }
  const areas = read(FILES.areas);
  if (areas) {
    out.areas = need(areas, FILES.areas, ['secondary_medical_code', 'secondary_medical_name', 'city_code']).map((r) => [
      r.secondary_medical_code!.padStart(4, '0'),
      r.secondary_medical_name!,
      r.city_code!.padStart(5, '0'),
    ]);
  }
  const disease = read(FILES.disease);
  if (disease) out.classes.push(...diseaseClasses(disease));
  for (const scheme of ['department', 'doctor', 'bed'] as const) {
    const rows = read(FILES[scheme]);
    for (const r of need(rows ?? [], FILES[scheme], ['broadCategoryCode', 'broadCategoryName'])) {
      if (r.broadCategoryCode !== '00') out.classes.push([scheme, r.broadCategoryCode!, r.broadCategoryName!, '', '']);
    }
  }
  return out;
}

/** The rows of the file whose name ends with `suffix`, by header (cells trimmed); null when there is none. */
function masterRows(dir: string, names: string[], suffix: string, used: string[]): MasterRow[] | null {
  const name = names.find((n) => n.endsWith(suffix));
  if (!name) return null;
  const rows: MasterRow[] = [];
  let header: string[] | null = null;
  parseCsv(readFileSync(join(dir, name), 'utf8'), name, (cells) => {
    if (!header) header = cells.map((c) => c.trim());
    else rows.push(Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()])));
  });
  used.push(name);
  return rows;
}

function need(rows: MasterRow[], file: string, columns: string[]): MasterRow[] {
  const missing = columns.filter((c) => rows[0] && !(c in rows[0]));
  if (missing.length) throw new SourceError(file, 1, 1, `the header lacks ${missing.join(', ')}`);
  return rows;
}

/** Code 00 is "all" and, for diseases, a middle code ending in 0 is "all middle classes of this broad one". */
function diseaseClasses(disease: MasterRow[]): Masters['classes'] {
  const classes: Masters['classes'] = [];
  const broad = new Map<string, { name: string; middles: [string, string][] }>();
  for (const r of need(disease, FILES.disease, [
    'broadCategoryCode',
    'broadCategoryName',
    'middleCategoryCode',
    'middleCategoryName',
  ])) {
    if (r.broadCategoryCode === '00') continue;
    const b =
      broad.get(r.broadCategoryCode!) ??
      broad.set(r.broadCategoryCode!, { name: r.broadCategoryName!, middles: [] }).get(r.broadCategoryCode!)!;
    if (!r.middleCategoryCode!.endsWith('0')) b.middles.push([r.middleCategoryCode!, r.middleCategoryName!]);
  }
  for (const [code, b] of broad) {
    if (b.middles.length === 0) classes.push(['disease', code, b.name, '', '']);
    for (const [m, name] of b.middles) classes.push(['disease', code, b.name, m, name]);
  }
  return classes;
}
