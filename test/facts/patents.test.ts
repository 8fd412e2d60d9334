// patentFacts over a few rows: the lists a region (its prefecture, municipality and designated city) and a
// holder page through, joint applications flagged, and the names of fields, themes and holders.

import { describe, expect, it } from 'vitest';
import { holderListKey, ordered, patentFacts, regionListKey } from '../../build/facts/patents.ts';
import { csv, tinySources } from '../helpers/tiny-sources.ts';

describe('patentFacts', () => {
  const sources = tinySources({
    patent_fields: 'tecCode,tecName\n1,電気\n2,機械',
    patent_themes: 'tecCode,themeCode,themeName\n1,1,半導体\n2,1,エンジン',
    patent_holders: 'holderId,holderName\nH1,北の電機\nH2,東の工業\nH3,西の機械',
    patents: csv`
      recordId,year,applyNo,applyDate,tecCode,themeCode,fiClass,patentName,holderId,regionCode,lat,lng
      1,2019,A1,2019/01/10,1,1,H01L,素子,H1,01101,43.1,141.3
      2,2019,A1,2019/01/10,1,1,H01L,素子,H2,13101,35.7,139.8
      3,2019,A2,2019/02/01,2,1,F02B,機関,H1,01202,41.8,140.7
      4,2019,A3,-,2,1,F02B,機関,,,0,0
      5,2020,A4,2020/03/03,2,1,F02C,タービン,H3,13101,35.7,139.8
    `,
  });
  const hokkaido = patentFacts(sources, [1]);
  const applyNos = (key: string) => hokkaido.lists.get(key)?.map((e) => e.record.applyNo);

  it("lists a record under its prefecture, its municipality and a ward's designated city", () => {
    expect(applyNos(regionListKey(2019, '1', '-'))).toEqual(['A1', 'A2']);
    expect(applyNos(regionListKey(2019, '1', '01101'))).toEqual(['A1']);
    expect(applyNos(regionListKey(2019, '1', '01100'))).toEqual(['A1']);
    expect(applyNos(regionListKey(2019, '1', '01202'))).toEqual(['A2']);
  });

  it('lists every record of a holder wherever it is located, and none of an unknown holder or place', () => {
    expect(applyNos(holderListKey(2019, 'H1'))).toEqual(['A1', 'A2']);
    expect(applyNos(holderListKey(2019, 'H2'))).toEqual(['A1']);
    expect([...hokkaido.lists.values()].flat().some((e) => e.record.applyNo === 'A3')).toBe(false);
  });

  it('names the field, theme and holder, and flags an application with several holders as joint', () => {
    const [first] = hokkaido.lists.get(regionListKey(2019, '1', '01101')) ?? [];
    expect(first?.record).toMatchObject({
      patentSection: '電気',
      patentSubject: '半導体',
      patentHolder: '北の電機',
      patentHolderId: 'H1',
      prefCode: '1',
      cityCode: '01101',
      jointlyFlg: '1',
    });
    expect(hokkaido.lists.get(holderListKey(2019, 'H1'))?.[1]?.record.jointlyFlg).toBe('0');
  });

  it("serves the scope's region lists and the lists of its holders only", () => {
    expect(hokkaido.holders).toEqual(['H1']);
    expect(hokkaido.served).toEqual(
      [
        regionListKey(2019, '1', '-'),
        regionListKey(2019, '1', '01101'),
        regionListKey(2019, '1', '01100'),
        regionListKey(2019, '1', '01202'),
        holderListKey(2019, 'H1'),
      ].sort(),
    );
    expect(patentFacts(sources, [13]).holders).toEqual(['H2', 'H3']);
  });

  it('orders a list by the chosen field and direction, ties by application number and holder', () => {
    const list = hokkaido.lists.get(holderListKey(2019, 'H1')) ?? [];
    expect(ordered(list, 5, 1).map((r) => r.patentName)).toEqual(['機関', '素子']);
    expect(ordered(list, 5, 2).map((r) => r.patentName)).toEqual(['素子', '機関']);
    expect(ordered(list, 1, 2).map((r) => r.applyNo)).toEqual(['A2', 'A1']);
  });
});
