// The classification masters and old municipalities over a few rows: lists in table order, child codes
// grouped under their parents, labels keyed by code, old municipalities in code order per municipality.

import { describe, expect, it } from 'vitest';
import { industries, patentFields } from '../../build/facts/classifications.ts';
import { oldCitiesByCity } from '../../build/facts/old-cities.ts';
import { tinySources } from '../helpers/tiny-sources.ts';

describe('classification facts', () => {
  const sources = tinySources({
    industries_broad: ['sicCode,sicName', 'E,製造業', 'A,農業，林業'].join('\n'),
    industries_middle: ['simcCode,sicCode,simcName', '09,E,食料品製造業', '01,A,農業', '10,E,飲料製造業'].join('\n'),
    patent_fields: ['tecCode,tecName', '2,処理操作', '1,生活必需品'].join('\n'),
    patent_themes: ['tecCode,themeCode,themeName', '1,10,食品', '2,3,分離'].join('\n'),
    old_cities: ['cityCode,oldCityCode,oldCityName', '01202,02,戸井町', '01202,01,函館市', '13101,01,麹町区'].join(
      '\n',
    ),
  });

  it('gives the lists in table order and the middle classes under their broad class', () => {
    expect(industries.broad(sources).map((b) => b.sicCode)).toEqual(['E', 'A']);
    expect(industries.domains(sources).domains).toEqual({
      industriesBroad: ['E', 'A'],
      industriesMiddle: { E: ['09', '10'], A: ['01'] },
    });
  });

  it('writes numeric codes as text and labels each theme by field and theme code', () => {
    const route = patentFields.domains(sources);
    expect(route.domains).toEqual({ patentFields: ['2', '1'], patentThemes: { 1: ['10'], 2: ['3'] } });
    expect(route.labels?.patentThemes).toEqual({ '1_10': '食品', '2_3': '分離' });
  });

  it('lists the old municipalities of each municipality in code order, none for one without', () => {
    const byCity = oldCitiesByCity(sources);
    expect(byCity.get('01202')?.map((o) => o.oldCityName)).toEqual(['函館市', '戸井町']);
    expect(byCity.get('01101')).toBeUndefined();
  });
});
