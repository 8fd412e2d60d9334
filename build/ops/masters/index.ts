// The masters family's operations, in the order the route table, OpenAPI and the explorer list them.

import type { Operation } from '../operation.ts';
import cities from './cities.ts';
import industriesBroad from './industries-broad.ts';
import industriesMiddle from './industries-middle.ts';
import industriesNarrow from './industries-narrow.ts';
import jobsBroad from './jobs-broad.ts';
import jobsMiddle from './jobs-middle.ts';
import oldCities from './old-cities.ts';
import patentsBroad from './patents-broad.ts';
import patentsMiddle from './patents-middle.ts';
import prefectures from './prefectures.ts';

export default [
  prefectures,
  cities,
  industriesBroad,
  industriesMiddle,
  jobsBroad,
  jobsMiddle,
  patentsBroad,
  patentsMiddle,
  oldCities,
  industriesNarrow,
] satisfies Operation<any>[];
