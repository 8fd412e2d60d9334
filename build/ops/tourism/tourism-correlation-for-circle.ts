import { z } from 'zod';
import { prefRegion } from '../../../sources/regions.ts';
import { sequenceFacts, type SequenceRow } from '../../facts/tourism.ts';
import { defineOperation } from '../operation.ts';
import { CIRCLE_PARAMS, circleEchoes, circleView, shares } from './circle.ts';
import { count, nonEmpty, prefCodeText } from '../result.ts';

const side = z.strictObject({
  allCount: count,
  data: z.array(
    z.strictObject({ prefCode: prefCodeText, prefName: nonEmpty, value: count, rate: z.number().min(0).max(100) }),
  ),
});

// The prefectures a prefecture's foreign visitors stayed in just before it and just after it, for a
// circle chart: each side's prefectures with visitors, largest first (ties in code order), with their share
// of the side's visitors (allCount) in percent, 2 decimals, as airport/forCircle's. Echoes are text.
export default defineOperation({
  title: '滞在地域内訳',
  family: 'tourism',
  titleEn: 'Where foreign visitors stayed just before and after',
  view: circleView(
    [
      ['before.data[]', '前 / before'],
      ['after.data[]', '後 / after'],
    ],
    '前後 / side',
    [{ key: 'prefName', label: '都道府県 / prefecture' }],
    'prefName',
  ),
  description:
    "Foreign visitors who visited a prefecture in a `year` (2014–2019) and `halfPeriod` (`1` the whole year, `2`–`5` a quarter) and, on the same trip, stayed in another prefecture just before it (`before`) or just after it (`after`): per side, each other prefecture with visitors (`value`) and its share of the side's visitors (`rate`, percent with 2 decimals), largest first, and the side's visitors in all (`allCount`, the sum of its values).",
  examples: [
    { year: '2019', halfPeriod: '1', prefCode: '13' },
    { year: '2016', halfPeriod: '4', prefCode: '1' },
  ],
  result: z
    .strictObject({
      ...circleEchoes,
      before: side,
      after: side,
    })
    .nullable(),
  route: { path: '/api/v1/tourism/correlation/forCircle', params: CIRCLE_PARAMS },
  needs: ['visit_sequences'],
  share: 'prefecture',
  prepare: (ctx) => sequenceFacts(ctx.sources),
  render(sequences, v, ctx) {
    const rows = sequences.get(prefRegion(Number(v.prefCode)), v.year, v.halfPeriod);
    if (!rows) return null;
    const sideOf = (position: SequenceRow['position']) => {
      const mine = rows.filter((r) => r.position === position);
      const allCount = mine.reduce((a, r) => a + r.visitors, 0);
      const data = shares(
        mine.map((r) => [r.otherPrefCode, r.visitors]),
        allCount,
      ).map(([code, value, rate]) => ({
        prefCode: String(Number(code)),
        prefName: ctx.sources.regions.prefecture(Number(code))?.prefName ?? code,
        value,
        rate,
      }));
      return { allCount, data };
    };
    return {
      year: v.year,
      halfPeriod: v.halfPeriod,
      prefCode: v.prefCode,
      before: sideOf('before'),
      after: sideOf('after'),
    };
  },
});
