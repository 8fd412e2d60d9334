// The operations added after the first twenty, answered by the sample build for a query like the one
// each real RESAS response answered: same keys in the same order, same value types, same labels. (The
// result schemas hold every file to the same shapes; this compares whole answers with the real ones.)

import '../helpers/sample-ready.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { result } from '../helpers/dist.ts';
import { HAS_SHARED, SHARED_DATA, SHARED_SKIP_NOTE } from '../helpers/paths.ts';
import { shapeDiff } from '../helpers/shape.ts';

/** Per folder of real responses, a comparable request of the sample build (prefectures 1 and 13). */
const COMPARABLE: Record<string, string> = {
  population_sum_estimate: '/api/v1/population/sum/estimate?prefCode=1&cityCode=01202',
  population_nature: '/api/v1/population/nature?prefCode=13&cityCode=-&ageFrom=-&ageTo=-',
  population_future_cities: '/api/v1/population/future/cities?year=2040&prefCode=1',
  industries_narrow: '/api/v1/industries/narrow?simcCode=20',
  industry_power_forArea:
    '/api/v1/industry/power/forArea?year=2016&prefCode=13&areaType=2&dispType=1&sicCode=E&simcCode=20',
  industry_power_forManufacturerEstablishments:
    '/api/v1/industry/power/forManufacturerEstablishments?prefCode=13&sicCode=E&simcCode=20',
  municipality_company_perYear: '/api/v1/municipality/company/perYear?prefCode=1&cityCode=01202&sicCode=E&simcCode=20',
  municipality_plant_perYear: '/api/v1/municipality/plant/perYear?prefCode=1&cityCode=01202&sicCode=E&simcCode=20',
  municipality_employee_perYear:
    '/api/v1/municipality/employee/perYear?prefCode=1&cityCode=01202&sicCode=E&simcCode=20',
  municipality_value_perYear:
    '/api/v1/municipality/value/perYear?year=2012&prefCode=13&cityCode=13101&sicCode=I&simcCode=51',
  municipality_labor_perYear:
    '/api/v1/municipality/labor/perYear?year=2012&prefCode=13&cityCode=13105&sicCode=I&simcCode=51',
  municipality_taxes_perYear: '/api/v1/municipality/taxes/perYear?prefCode=13&cityCode=13103',
  oldCities: '/api/v1/oldCities?prefCode=1&cityCode=-',
  employEducation_localjobAcademic_toTransition:
    '/api/v1/employEducation/localjobAcademic/toTransition?prefecture_cd=13&displayMethod=1&matter=2&classification=0&displayType=00&gender=0',
};
/** Converted from printed Python dicts, which sort keys: their key order is not the original's (MANIFEST.md). */
const orderLost = (file: string) => /notebook/.test(file);
const labels = (v: any, list: string): string[] =>
  (Array.isArray(v?.[list]) ? v[list] : [])
    .map((x: any) => x.label)
    .filter((l: unknown) => l !== undefined) as string[];

describe('the further operations against the real RESAS responses', () => {
  it.skipIf(!HAS_SHARED)(`answer in the real shapes${HAS_SHARED ? '' : ` (${SHARED_SKIP_NOTE})`}`, () => {
    const compared: string[] = [];
    for (const [folder, url] of Object.entries(COMPARABLE)) {
      const dir = join(SHARED_DATA, 'resas-responses', folder);
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const real = JSON.parse(readFileSync(join(dir, f), 'utf8'));
        const ours = { message: null, result: result(url) };
        expect(ours.result, url).not.toBeNull();
        const diffs = shapeDiff(ours, real).filter((d) => !(orderLost(f) && d.includes('key order')));
        expect(diffs, `${url} against ${folder}/${f}`).toEqual([]);
        for (const list of ['data', 'establishments'])
          expect(labels(ours.result, list), `${folder} ${list} labels`).toEqual(labels(real.result, list));
        compared.push(`${folder}/${f}`);
      }
    }
    expect(compared).toHaveLength(15);
  });
});
