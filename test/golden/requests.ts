// The requests whose whole responses are kept as golden files. Regenerate with `npm run golden` and
// review the diff: a change here is a change users will see.

import { OPERATIONS } from '../../build/ops/index.ts';

const CHOSEN: [name: string, url: string][] = [
  ['prefectures', '/api/v1/prefectures'],
  ['cities-13', '/api/v1/cities?prefCode=13'],
  ['perYear-13', '/api/v1/population/composition/perYear?prefCode=13&cityCode=-'],
  ['perYear-01101', '/api/v1/population/composition/perYear?prefCode=1&cityCode=01101'],
  ['perYear-01695-no-data', '/api/v1/population/composition/perYear?prefCode=1&cityCode=01695'],
  ['perYear-1-addArea-13', '/api/v1/population/composition/perYear?prefCode=1&cityCode=-&addArea=13_'],
  [
    'pyramid-13101-2020-1980',
    '/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2020&yearRight=1980',
  ],
  [
    'pyramid-01100-addArea',
    '/api/v1/population/composition/pyramid?prefCode=1&cityCode=01100&yearLeft=1980&yearRight=2045&addArea=13_13101',
  ],
  ['sum-perYear-1', '/api/v1/population/sum/perYear?prefCode=1&cityCode=-'],
  ['sum-perYear-13104-addArea', '/api/v1/population/sum/perYear?prefCode=13&cityCode=13104&addArea=13_13105'],
  ['forArea-13', '/api/v1/population/society/forArea?prefCode=13'],
  ['forAgeClass-13101', '/api/v1/population/society/forAgeClass?prefCode=13&cityCode=13101'],
  ['forAgeClassLine-01100', '/api/v1/population/society/forAgeClassLine?prefCode=1&cityCode=01100'],
  ['industries-middle-E', '/api/v1/industries/middle?sicCode=E'],
  ['jobs-middle-B', '/api/v1/jobs/middle?iscoCode=B'],
  ['patents-middle-1', '/api/v1/patents/middle?tecCode=1'],
  ['forIndustry-2016-13101-E', '/api/v1/industry/power/forIndustry?year=2016&prefCode=13&cityCode=13101&sicCode=E'],
  ['job-perYear-13-B-12', '/api/v1/municipality/job/perYear?prefCode=13&iscoCode=B&ismcoCode=12'],
  [
    'overseas-1-addArea-13',
    '/api/v1/industry/overseasTransaction/forColumn?prefCode=1&dispTradeCode=1&dispIndustryCode=1&addArea=13_',
  ],
  [
    'patent-list-13-offset-37-addTec',
    '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&cityCode=-&patentHolderId=-&sort1=6&sort2=2&offset=37&addTec=7_,8_4',
  ],
  ['forFrom-2011-1-2', '/api/v1/tourism/foreigners/forFrom?year=2011&prefCode=1&purpose=2'],
  ['facilityStack-13-defaults', '/api/v1/tourism/hotelAnalysis/facilityStack?prefCode=13'],
  [
    'forBar-2018-q3-NRT-rate',
    '/api/v1/tourism/airport/forBar?dispType=2&year=2018&halfPeriod=4&entryAirportArea=3&entryAirport=NRT&sort=2',
  ],
  ['error-forBar-airport', '/api/v1/tourism/airport/forBar?year=2018&entryAirportArea=3&entryAirport=ZZZ'],
  ['shipRatio-1-matter-1', '/api/v1/fishery/sea/shipRatio?prefCode=1&cityCode=-&matter=1'],
  ['sales-1-addArea-13-matter-2', '/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=2&addArea=13_'],
  [
    'mesh-chart-13101-2010',
    '/api/v1/population/mesh/chart?year=2010&prefecture_cd=13&city_cd=13101&matter=0&displayMethod=0',
  ],
  [
    'futureMesh-chart-1-2050-change',
    '/api/v1/population/futureMesh/chart?year=2050&prefecture_cd=1&city_cd=-&displayMethod=1',
  ],
  ['medical-list-13', '/api/v1/medicalWelfare/medicalAnalysis/list?prefCode=13'],
  [
    'medical-rate-102-area-1302-2017',
    '/api/v1/medicalWelfare/medicalAnalysis/rate?year=2017&prefCode=13&matter2=102&secondaryMedicalCode=1302',
  ],
  [
    'medical-rate-205-01100-kbn2-2018',
    '/api/v1/medicalWelfare/medicalAnalysis/rate?year=2018&prefCode=1&cityCode=01100&matter2=205&dataKbn=2&matter1=2',
  ],
  [
    'error-medical-year',
    '/api/v1/medicalWelfare/medicalAnalysis/rate?year=2019&prefCode=13&cityCode=13101&matter2=204',
  ],
  ['error-missing-prefCode', '/api/v1/population/composition/perYear'],
  [
    'error-addTec-7',
    '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=0&addTec=1_,2_,3_,4_,5_,6_,7_',
  ],
  ['error-addArea-11', '/api/v1/population/sum/perYear?prefCode=1&addArea=13_,13_,13_,13_,13_,13_,13_,13_,13_,13_,13_'],
  ['error-unknown-path', '/api/v1/population/nope'],
];

/** The first example each declaration gives (the one the docs page links), unless a chosen request is the same. */
const DECLARED: [name: string, url: string][] = OPERATIONS.map((op) => {
  const query = new URLSearchParams(
    Object.entries(op.examples[0] ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return [
    `example${op.route.path.replace('/api/v1', '').replace(/\//g, '-')}`,
    `${op.route.path}${query ? `?${query}` : ''}`,
  ];
});

export const GOLDEN_REQUESTS: [name: string, url: string][] = [
  ...CHOSEN,
  ...DECLARED.filter(([, url]) => !CHOSEN.some(([, u]) => u === url)),
];

/** The prefecture whose whole output tree is kept as a digest: Tottori, the smallest. */
export const GOLDEN_TREE_PREF = 31;
