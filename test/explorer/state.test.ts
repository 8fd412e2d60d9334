// The explorer's state: page URLs it reads and writes, and the requests it settles on. Every request the
// explorer can settle on must be one the API answers from a file (or composes), whatever the page URL said.

import '../helpers/sample-ready.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest, ManifestOperation } from '../../build/runtime/manifest-types.ts';
import {
  choices,
  formatHash,
  HOME,
  intLabels,
  linkRequest,
  parseHash,
  requestPath,
  settle,
  valueAxisLabel,
} from '../../build/explorer/state.ts';
import { resolveUrl } from '../helpers/dist.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';

const manifest: Manifest = JSON.parse(readFileSync(join(SAMPLE_DIST, 'manifest.json'), 'utf8'));
const op = (path: string) => manifest.operations.find((o) => o.path === `/api/v1/${path}`) as ManifestOperation;

describe('page URL state', () => {
  it('reads and writes the operation path and its parameters in the hash', () => {
    const s = {
      path: '/api/v1/population/sum/perYear',
      values: { prefCode: '13', cityCode: '-', addArea: '1_,13_13101' },
    };
    expect(formatHash(s)).toBe('#/population/sum/perYear?prefCode=13&cityCode=-&addArea=1_%2C13_13101');
    expect(parseHash(formatHash(s))).toEqual(s);
    expect(parseHash('')).toBeNull();
    expect(parseHash('#top')).toBeNull();
  });

  it('opens on a prefecture’s population when the URL has no state', () => {
    expect(settle(op('population/composition/perYear'), {})).toEqual(HOME.values);
  });
});

describe('settle', () => {
  it('fills defaults and required values, keeping what fits', () => {
    expect(settle(op('tourism/airport/forBar'), { year: '2016' })).toEqual({
      dispType: '1',
      year: '2016',
      halfPeriod: '1',
      entryAirportArea: '-',
      entryAirport: '-',
      departureAirportArea: '-',
      departureAirport: '-',
      sort: '1',
    });
  });

  it('replaces values that do not fit the others: another prefecture’s municipality, a year the operation lacks, a child code of another parent', () => {
    expect(settle(op('population/sum/perYear'), { prefCode: '1', cityCode: '13101' })).toEqual({
      prefCode: '1',
      cityCode: '-',
    });
    expect(settle(op('industry/power/forIndustry'), { year: '1999', prefCode: '13' }).year).toBe('2012');
    expect(settle(op('municipality/job/perYear'), { prefCode: '13', iscoCode: 'A', ismcoCode: '05' }).ismcoCode).toBe(
      '-',
    );
    expect(
      settle(op('tourism/airport/forBar'), { year: '2016', entryAirportArea: '1', entryAirport: 'NRT' }).entryAirport,
    ).toBe('-');
  });

  it('drops parameters that do not take effect, and offers only the years a medical request has', () => {
    const patents = settle(op('industry/patent/list'), { year: '2019', mode: '2', prefCode: '13', cityCode: '13101' });
    expect(Object.keys(patents)).not.toContain('prefCode');
    expect(patents.patentHolderId).toMatch(/^C\d+$/);
    const rate = op('medicalWelfare/medicalAnalysis/rate');
    expect(
      choices(rate, rate.params.find((p) => p.name === 'year')!, {
        prefCode: '13',
        matter2: '102',
        secondaryMedicalCode: '1301',
      }),
    ).toEqual(['2014', '2017', '2020']);
    expect(settle(rate, { prefCode: '13', matter2: '102', secondaryMedicalCode: '1301', year: '2002' }).year).toBe(
      '2014',
    );
  });

  it('opens an operation on the values its view names where none are given: the patent list newest first', () => {
    const patents = op('industry/patent/list');
    expect(patents.view.opens).toEqual({ sort1: '7', sort2: '2' });
    expect(settle(patents, {})).toMatchObject({ sort1: '7', sort2: '2' });
    // Values given stay.
    expect(settle(patents, { sort1: '1', sort2: '1' })).toMatchObject({ sort1: '1', sort2: '1' });
  });

  it('labels a chart’s value axis with the names of the values it depends on, those at their default left out', () => {
    const chart = op('medicalWelfare/medicalAnalysis/chart');
    const values = settle(chart, { prefCode: '13', matter2: '204' });
    expect(valueAxisLabel(chart, values)).toBe(intLabels(chart.params.find((p) => p.name === 'matter2')!)['204']);
    expect(valueAxisLabel(chart, { ...values, dispType: '2' })).toMatch(/ · per 100,000 residents$/);
    const care = op('medicalWelfare/careAnalysis/chart');
    expect(valueAxisLabel(care, settle(care, { prefCode: '13', matter_2: '301' }))).toContain('円/月');
    // A chart that names none keeps its column's heading.
    expect(valueAxisLabel(op('industry/power/forIndustry'), {})).toBeUndefined();
  });

  it('keeps offsets as integers in range', () => {
    const patents = op('industry/patent/list');
    expect(settle(patents, { year: '2019', mode: '1', prefCode: '13', offset: '250' }).offset).toBe('250');
    expect(settle(patents, { year: '2019', mode: '1', prefCode: '13', offset: '-3' }).offset).toBe('0');
    expect(settle(patents, { year: '2019', mode: '1', prefCode: '13', offset: 'x' }).offset).toBe('0');
  });

  it('names int values from their docs, only when the doc names each value', () => {
    expect(intLabels(op('industry/power/forIndustry').params.find((p) => p.name === 'year')!)).toEqual({});
    expect(
      intLabels(op('industry/overseasTransaction/forColumn').params.find((p) => p.name === 'dispTradeCode')!),
    ).toEqual({ 1: 'exports', 2: 'imports' });
    expect(intLabels(op('medicalWelfare/medicalAnalysis/rate').params.find((p) => p.name === 'matter2')!)['204']).toBe(
      '病床数（病床種類別）',
    );
  });

  it('settles every operation, from no values and from Hokkaido’s, on a request the API answers', () => {
    const seen: string[] = [];
    for (const o of manifest.operations.filter((x) => x.available)) {
      for (const given of [{}, { prefCode: '1', prefecture_cd: '1', cityCode: '01100', city_cd: '01100' }] as Record<
        string,
        string
      >[]) {
        const path = requestPath(o, settle(o, given));
        const r = resolveUrl(path);
        expect(['file', 'compose'], `${path}: ${JSON.stringify(r)}`).toContain(r.kind);
        seen.push(path);
      }
    }
    expect(seen.length).toBe(2 * manifest.operations.filter((x) => x.available).length);
  });

  it('writes list parameters with plain commas, keeping the addArea entries of the main region’s kind', () => {
    const o = op('population/sum/perYear');
    expect(requestPath(o, settle(o, { prefCode: '13', addArea: '1_,13_13101' }))).toBe(
      '/api/v1/population/sum/perYear?prefCode=13&cityCode=-&addArea=1_',
    );
    expect(requestPath(o, settle(o, { prefCode: '13', cityCode: '13101', addArea: '1_,13_13102,13_13103' }))).toBe(
      '/api/v1/population/sum/perYear?prefCode=13&cityCode=13101&addArea=13_13102,13_13103',
    );
    // Entries of the right kind stay even when the API will refuse them, so a shared URL shows its error.
    expect(settle(o, { prefCode: '13', addArea: '99_' }).addArea).toBe('99_');
  });
});

describe('linkRequest', () => {
  it('asks for what a shared link gives, never another prefecture, year or holder in its place', () => {
    const perYear = op('population/composition/perYear');
    expect(linkRequest(perYear, { prefCode: '99' })).toEqual({
      values: { prefCode: '99', cityCode: '-' },
      misfits: ['prefCode'],
    });
    expect(linkRequest(perYear, { prefCode: '1', cityCode: '13101' }).values).toEqual({
      prefCode: '1',
      cityCode: '13101',
    });
    const forIndustry = op('industry/power/forIndustry');
    expect(linkRequest(forIndustry, { year: '1234', prefCode: '13' }).values.year).toBe('1234');
    const patents = op('industry/patent/list');
    const holder = linkRequest(patents, { year: '2019', mode: '2', patentHolderId: 'C99999999', offset: '-3' });
    expect(holder.values).toMatchObject({ patentHolderId: 'C99999999', offset: '-3' });
    expect(holder.misfits).toEqual(['patentHolderId', 'offset']);
  });

  it('completes a link that leaves values out, and drops those that take no effect, as settle does', () => {
    expect(linkRequest(op('population/composition/perYear'), {})).toEqual({ values: HOME.values, misfits: [] });
    const patents = op('industry/patent/list');
    const given = { year: '2019', mode: '2', prefCode: '99', cityCode: 'x' };
    expect(linkRequest(patents, given)).toEqual({ values: settle(patents, given), misfits: [] });
  });
});
