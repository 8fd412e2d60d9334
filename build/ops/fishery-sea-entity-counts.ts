import { fisheryFacts } from '../facts/fishery.ts';
import { ENTITY_COUNTS_PATH } from './shared/fishery.ts';
import { cityCode, defineOperation, prefCode, regionHeader, regionOf, regionValues } from './operation.ts';

// A regstat extension, not a RESAS operation: the management-entity counts behind the three fishery
// share charts, for the region, its prefecture and the nation. The addArea composer sums these (shares
// cannot be added up), and analysts get the counts the shares come from.
export default defineOperation({
  title: '漁業経営体数（regstat 拡張: 割合の元になる数）',
  family: 'fishery',
  route: { path: ENTITY_COUNTS_PATH, params: [prefCode(), cityCode()] },
  needs: [['fishery_entities', 'fishery_destinations']],
  prepare: (ctx) => ({ facts: fisheryFacts(ctx.sources), ctx }),
  enumerate: (ctx) => regionValues(ctx),
  render({ facts, ctx }, v) {
    const pref2 = v.prefCode!.padStart(2, '0');
    return {
      ...regionHeader(ctx, v.prefCode!, v.cityCode!),
      region: facts.get(regionOf(v)) ?? {},
      prefecture: facts.get(pref2) ?? {},
      nation: facts.get('00') ?? {},
    };
  },
});
