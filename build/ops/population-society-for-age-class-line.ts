import { groupRows, rollupRegions } from '../facts/rollup.ts';
import { periodLabel, transitionLabel } from '../runtime/render/labels.ts';
import { cityCode, defineOperation, prefCode, regionOf, regionValues } from './operation.ts';

interface Row {
  region: string;
  periodFrom: number;
  ageFrom: number;
  net: number;
}

export default defineOperation({
  title: '年齢階級別純移動数の時系列',
  family: 'population',
  route: { path: '/api/v1/population/society/forAgeClassLine', params: [prefCode(), cityCode()] },
  needs: ['migration_by_cohort'],
  prepare(ctx) {
    const t = rollupRegions(ctx.sources.tables.migration_by_cohort!.table, ctx.sources.regions, ['periodFrom', 'ageFrom'], 'net', 'periodFrom')
      .orderby('region', 'periodFrom', 'ageFrom');
    return groupRows<Row>(t, 'region');
  },
  enumerate: regionValues,
  render(byRegion, v) {
    const rows = byRegion.get(regionOf(v));
    if (!rows) return null;
    const periods = [...new Set(rows.map((r) => r.periodFrom))];
    return {
      data: periods.map((from) => ({
        label: periodLabel(from),
        data: rows.filter((r) => r.periodFrom === from).map((r) => ({ axisx: transitionLabel(r.ageFrom), axisy: r.net })),
      })),
    };
  },
});
