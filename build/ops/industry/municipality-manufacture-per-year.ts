import { z } from 'zod';
import { shipmentFacts } from '../../facts/manufacturing.ts';
import { cityCode, defineOperation, prefCode, regionOf } from '../operation.ts';
import { count, year } from '../result.ts';
import {
  manufacturingDomains,
  manufacturingParams,
  selectionEcho,
  selectionNames,
  selectionResult,
} from './industry-selection.ts';
import { lineOverYears } from './kit.ts';

// Shipments of manufactured goods (製造品出荷額等) of a region, year by year, for manufacturing or one of
// its middle classes. The 2023 documentation's shape: the municipal industry echo, then data:[{year, value}].
export default defineOperation({
  title: '製造品出荷額',
  family: 'industry',
  titleEn: 'Shipments of manufactured goods',
  view: lineOverYears('製造品出荷額 (万円) / 10,000 yen'),
  description:
    "Shipments of manufactured goods (製造品出荷額等) of a prefecture (`cityCode=-`) or municipality, in 万円 (10,000 yen), for every year of the census of manufactures the sources hold: of all manufacturing (`sicCode=E`, `simcCode=-`) or one of its middle classes. A class absent from the region has value 0 in the region's years; a region without manufacturing answers `null`. A designated city is the sum of its wards, a prefecture of its municipalities.",
  examples: [
    { prefCode: '13', cityCode: '13111', sicCode: 'E', simcCode: '10' },
    { prefCode: '1', cityCode: '-', sicCode: 'E', simcCode: '-' },
  ],
  result: selectionResult(z.array(z.strictObject({ year, value: count }))),
  route: {
    path: '/api/v1/municipality/manufacture/perYear',
    params: [
      prefCode(),
      cityCode(),
      ...manufacturingParams(
        'Industry broad class: E (manufacturing), the only one with shipments of manufactured goods.',
      ),
    ],
  },
  needs: ['manufacturing_shipments', 'industries_broad', 'industries_middle'],
  share: 'prefecture',
  prepare: (ctx) => ({ facts: shipmentFacts(ctx.sources), names: selectionNames(ctx.sources) }),
  render({ facts, names }, v, ctx) {
    const region = regionOf(v);
    const all = facts.get(`${region}|-`);
    if (!all) return null;
    const mine = facts.get(`${region}|${v.simcCode}`);
    return {
      ...selectionEcho(ctx.sources, names, v),
      data: [...all.keys()].sort((a, b) => a - b).map((y) => ({ year: y, value: mine?.get(y) ?? 0 })),
    };
  },
  routeData: (ctx) => manufacturingDomains(ctx.sources),
});
