// medicalFacts over a few rows: the classes per scheme, the secondary medical areas (representative first),
// and counts given by municipality, area or prefecture added up to designated cities, areas, prefectures and
// the nation; rows that break the tables' rules are refused with their line.

import { describe, expect, it } from 'vitest';
import { countKey, medicalAreas, medicalFacts } from '../../build/facts/medical.ts';
import type { TableName } from '../../sources/tables.ts';
import { tinySources } from '../helpers/tiny-sources.ts';

const CLASSES = [
  'scheme,broadCode,broadName,middleCode,middleName',
  'disease,01,感染症,011,結核',
  'disease,01,感染症,012,その他の感染症',
  'disease,02,新生物,,',
].join('\n');
const AREAS = ['areaCode,areaName,cityCode', '0102,札幌,01101', '0102,札幌,01102', '0101,南渡島,01202'].join('\n');
const COUNTS_HEAD = 'matter2,year,regionCode,areaCode,classCode,count';

const sources = (tables: Partial<Record<TableName, string>>) =>
  tinySources({ medical_classes: CLASSES, medical_areas: AREAS, ...tables });

describe('medicalFacts', () => {
  const facts = medicalFacts(
    sources({
      medical_counts: [
        COUNTS_HEAD,
        '102,2020,01101,,011,4',
        '102,2020,01102,,011,6',
        '102,2020,01202,,02,3',
        '102,2020,13,,02,7',
        '102,2017,,0101,012,5',
      ].join('\n'),
    }),
  );
  const counts = (year: number, region: string) =>
    Object.fromEntries(facts.counts.get(countKey('102', year, region)) ?? []);

  it("groups each scheme's middle classes under their broad category, a category without them as one item", () => {
    expect(facts.classes.disease.map((c) => [c.code, c.items.map((i) => i.code)])).toEqual([
      ['01', ['011', '012']],
      ['02', []],
    ]);
    expect(facts.classes.bed).toEqual([]);
  });

  it('lists the areas in code order, each with its municipalities, the representative first', () => {
    expect([...facts.areas.values()].map((a) => [a.areaCode, a.prefCode, a.cities])).toEqual([
      ['0101', 1, ['01202']],
      ['0102', 1, ['01101', '01102']],
    ]);
  });

  it('adds municipal counts up to designated cities, areas, prefectures and the nation', () => {
    expect(counts(2020, '01100')).toEqual({ '011': 10 });
    expect(counts(2020, '0102')).toEqual({ '011': 10 });
    expect(counts(2020, '01')).toEqual({ '011': 10, '02': 3 });
    expect(counts(2020, '13')).toEqual({ '02': 7 });
    expect(counts(2020, '00')).toEqual({ '011': 10, '02': 10 });
  });

  it('adds counts given by area up to the prefecture and the nation, and has none for a region without them', () => {
    expect(counts(2017, '0101')).toEqual({ '012': 5 });
    expect(counts(2017, '01')).toEqual({ '012': 5 });
    expect(counts(2017, '00')).toEqual({ '012': 5 });
    expect(facts.counts.has(countKey('102', 2017, '01202'))).toBe(false);
  });

  it("refuses a class outside the matter2's scheme and a matter2 and year given at two levels, naming the line", () => {
    const refused = (rows: string[]) => () =>
      medicalFacts(sources({ medical_counts: [COUNTS_HEAD, ...rows].join('\n') }));
    expect(refused(['102,2020,01101,,99,1'])).toThrow(/medical_counts\.csv:2:\d+: classCode 99 is not a disease class/);
    expect(refused(['102,2020,01101,,011,1', '102,2020,01,,011,1'])).toThrow(
      /medical_counts\.csv:3:\d+: .* given by prefecture here but by municipality on line 2/,
    );
  });

  it('refuses a ward listed in an area beside its designated city', () => {
    const areas = `${AREAS}\n0102,札幌,01100`;
    expect(() => medicalAreas(sources({ medical_areas: areas }))).toThrow(/ward 01101 and its designated city 01100/);
  });
});
