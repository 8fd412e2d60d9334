// One table of requests that every adapter must answer as the Node server does, byte for byte: the first
// example each declaration gives (so a new operation is checked on every host without an entry here), and
// by hand the cases an example does not show (spellings, methods, errors, clients' own queries,
// compositions). Entries marked `composes` are composed at request time: hosts that only configure (nginx)
// or cannot read the origin (CloudFront Functions) answer them with the documented 501 instead.

import { OPERATIONS } from '../../build/ops/index.ts';
import { isListParam } from '../../build/runtime/params.ts';
import { part } from '../helpers/scope.ts';

export interface Entry {
  name: string;
  url: string;
  method?: 'GET' | 'HEAD' | 'OPTIONS' | 'POST';
  /** The parameter whose value composes, for the 501 of config-only hosts. */
  composes?: { op: string; param: string };
}

/** The cases by hand. */
const CHOSEN: Entry[] = [
  { name: 'master', url: '/api/v1/prefectures' },
  { name: 'health check', url: '/healthz' },
  { name: 'health check, HEAD', url: '/healthz', method: 'HEAD' },
  { name: 'master with a query', url: '/api/v1/cities?prefCode=13' },
  { name: 'master of the whole country, without its optional parameter', url: '/api/v1/cities' },
  { name: 'master of the whole country, prefCode -', url: '/api/v1/cities?prefCode=-' },
  { name: 'query form', url: '/api/v1/population/composition/perYear?prefCode=13&cityCode=13101' },
  { name: 'path form', url: '/api/v1/population/composition/perYear/prefCode/1/cityCode/-' },
  { name: 'leading zero, default omitted', url: '/api/v1/population/composition/perYear?prefCode=01' },
  {
    name: 'parameters in another order',
    url: '/api/v1/population/composition/pyramid?yearRight=2045&cityCode=-&yearLeft=1980&prefCode=13',
  },
  { name: 'percent-encoded dash', url: '/api/v1/population/sum/perYear?prefCode=13&cityCode=%2D' },
  { name: 'births, deaths and moves of a ward', url: '/api/v1/population/sum/estimate?prefCode=1&cityCode=01101' },
  {
    name: 'addArea, births, deaths and moves',
    url: '/api/v1/population/sum/estimate?prefCode=13&cityCode=13101&addArea=13_13102',
    composes: { op: '/api/v1/population/sum/estimate', param: 'addArea' },
  },
  {
    name: 'the original’s ages: no lower bound',
    url: '/api/v1/population/nature?prefCode=1&cityCode=01202&ageFrom=-&ageTo=4',
  },
  {
    name: 'the original’s ages: no upper bound, encoded',
    url: '/api/v1/population/nature?prefCode=13&cityCode=13101&ageFrom=85&ageTo=%2D',
  },
  {
    name: 'a middle class asked with sicCode=-',
    url: '/api/v1/municipality/wages/perYear?prefCode=13&sicCode=-&simcCode=01&wagesAge=1',
  },
  { name: 'projected municipalities, path form', url: '/api/v1/population/future/cities/year/2040/prefCode/1' },
  {
    name: 'airport outside its area counts as all',
    url: '/api/v1/tourism/airport/forBar?year=2018&entryAirportArea=3&entryAirport=CTS',
  },
  {
    name: 'alias of a parameter',
    url: '/api/v1/population/futureMesh/chart?year=2050&prefecture_cd=13&city_cd=-&displayMethod=0',
  },
  {
    name: 'ignored parameters',
    url: '/api/v1/medicalWelfare/medicalAnalysis/rate?prefCode=13&matter2=102&cityCode=13101&year=2020&matter1=1',
  },
  {
    name: 'secondary area, national average',
    url: '/api/v1/medicalWelfare/medicalAnalysis/rate?prefCode=13&matter2=205&secondaryMedicalCode=1302&dataKbn=3&year=2016',
  },
  {
    name: 'any municipality code reaches one chart, as in the original',
    url: '/api/v1/medicalWelfare/medicalAnalysis/chart?prefCode=13&matter2=204&cityCode=01100&year=2020&dispType=2&sort=1',
  },
  {
    name: 'any insurer code reaches one care chart, defaults omitted',
    url: '/api/v1/medicalWelfare/careAnalysis/chart?prefCode=1&matter_2=302&broad_category_cd=3&middle_category_cd=300&insuranceCode=01100&year=2019',
  },
  {
    name: 'any municipality code in the path form reaches the one chart too',
    url: '/api/v1/medicalWelfare/medicalAnalysis/chart/prefCode/13/matter2/204/broadCategoryCode/00/middleCategoryCode/-/secondaryMedicalCode/-/cityCode/99999/year/2020/dispType/2/sort/1',
  },
  {
    name: 'any insurer code in the path form, with /index.json',
    url: '/api/v1/medicalWelfare/careAnalysis/chart/prefCode/1/matter_2/302/broad_category_cd/3/middle_category_cd/300/insuranceCode/01100/year/2019/disp_type/1/sort_type/2/index.json',
  },
  {
    name: 'first page of a list',
    url: '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=6&sort2=2&offset=0',
  },
  {
    name: 'municipal value added, defaults for the industry',
    url: '/api/v1/municipality/value/perYear?year=2016&prefCode=13&cityCode=13101',
  },
  {
    name: 'establishments of a municipality without facts',
    url: '/api/v1/municipality/plant/perYear?prefCode=1&cityCode=01695&sicCode=-&simcCode=-',
  },
  {
    name: 'coefficients by region, addIndustry ignored',
    url: '/api/v1/industry/power/forArea?year=2016&prefCode=13&areaType=2&dispType=1&sicCode=E&simcCode=20&addIndustry=E_21',
  },
  {
    name: 'coefficients of prefectures only',
    url: '/api/v1/industry/power/forArea?dispType=3&areaType=1&prefCode=01&year=2012&sicCode=-&simcCode=-',
  },
  { name: 'HEAD', url: '/api/v1/prefectures', method: 'HEAD' },
  { name: 'preflight', url: '/api/v1/population/composition/perYear?prefCode=13', method: 'OPTIONS' },
  { name: 'wrong method', url: '/api/v1/prefectures', method: 'POST' },
  { name: 'missing parameter', url: '/api/v1/population/composition/perYear' },
  {
    name: 'missing parameter after others',
    url: '/api/v1/medicalWelfare/medicalAnalysis/rate?prefCode=13&matter2=204',
  },
  { name: 'old municipalities of a prefecture', url: '/api/v1/oldCities?prefCode=13&cityCode=-' },
  { name: 'local tax per resident, path form', url: '/api/v1/municipality/taxes/perYear/prefCode/13/cityCode/13103' },
  { name: 'wages of an age class, defaults omitted', url: '/api/v1/municipality/wages/perYear?prefCode=13&wagesAge=5' },
  { name: 'property tax, cityCode alone', url: '/api/v1/municipality/propertyTax/perYear?cityCode=01100' },
  {
    name: 'guest nights of foreigners by size, monthly',
    url: '/api/v1/tourism/hotelAnalysis/groupStack?matter=3&display=1&unit=1&prefCode=1',
  },
  { name: 'room occupancy, defaults omitted', url: '/api/v1/tourism/hotelAnalysis/guestRoomLine?prefCode=13' },
  {
    name: 'capacity occupancy, path form',
    url: '/api/v1/tourism/hotelAnalysis/capacityLine/display/1/unit/0/prefCode/13',
  },
  {
    name: 'graduates leaving, a Java client’s query (displayType 00)',
    url: '/api/v1/employEducation/localjobAcademic/toTransition?prefecture_cd=13&displayMethod=0&matter=1&classification=0&displayType=00&gender=0',
  },
  {
    name: 'job seekers by broad occupation, a Java client’s query',
    url: '/api/v1/regionalEmploy/analysis/portfolio?prefCode=13&year=2012&matter=1&class=1',
  },
  {
    name: 'research companies, a second prefecture’s line',
    url: '/api/v1/industry/expense/forLine?prefCode=1&dispType=2&unit=1&sicCode=0&addArea=13_',
    composes: { op: '/api/v1/industry/expense/forLine', param: 'addArea' },
  },
  {
    name: 'marine catch sales of Tokyo, a Java client’s query',
    url: '/api/v1/fishery/sea/totalSales?cityCode=-&prefCode=13',
  },
  {
    name: 'aquaculture sales of Hokkaido with Tokyo added',
    url: '/api/v1/fishery/sea/aquacultureTotalSales?prefCode=1&cityCode=-&addArea=13_',
    composes: { op: '/api/v1/fishery/sea/aquacultureTotalSales', param: 'addArea' },
  },
  {
    name: 'aquaculture sales per entity, the nation’s, a Java client’s query',
    url: '/api/v1/fishery/sea/aquacultureManagementUnitSales?cityCode=-&prefCode=13&matter=3',
  },
  {
    name: 'catch sales per entity of a Hokkaido city with Tokyo’s wards added',
    url: '/api/v1/fishery/sea/managementUnitSales?prefCode=1&cityCode=01202&matter=1&addArea=1_01100,13_13101',
    composes: { op: '/api/v1/fishery/sea/managementUnitSales', param: 'addArea' },
  },
  {
    name: 'shipments of beverages of a Tokyo ward, a Java client’s query form',
    url: '/api/v1/municipality/manufacture/perYear?cityCode=13111&simcCode=10&prefCode=13&sicCode=E',
  },
  {
    name: 'marine catch sales by destination of Tokyo with Hokkaido added',
    url: '/api/v1/fishery/sea/shipValue?prefCode=13&cityCode=-&addArea=1_',
    composes: { op: '/api/v1/fishery/sea/shipValue', param: 'addArea' },
  },
  {
    name: 'forestry income of Tokyo with Hokkaido added',
    url: '/api/v1/forestry/income/forStacked?prefCode=13&cityCode=-&addArea=1_',
    composes: { op: '/api/v1/forestry/income/forStacked', param: 'addArea' },
  },
  {
    name: 'farm work of a Hokkaido municipality with another added, a Java client’s query form',
    url: '/api/v1/agriculture/crops/workingDays?prefCode=1&cityCode=01202&oldCityCode=-&addArea=1_01100',
    composes: { op: '/api/v1/agriculture/crops/workingDays', param: 'addArea' },
  },
  {
    name: 'farm entities by production-related business of Tokyo with Hokkaido added',
    url: '/api/v1/agriculture/crops/relatedBusiness?prefCode=13&cityCode=-&addArea=1_',
    composes: { op: '/api/v1/agriculture/crops/relatedBusiness', param: 'addArea' },
  },
  {
    name: 'average age of women farm workers, an R client’s live test (genderType 3, matter 3)',
    url: '/api/v1/agriculture/crops/farmersAverageAge?cityCode=01202&farmersType=1&genderType=3&matter=3&prefCode=1',
  },
  {
    name: 'age structure of farm managers of two municipalities',
    url: '/api/v1/agriculture/crops/farmersAgeStructure?prefCode=1&cityCode=01202&farmersType=1&genderType=1&matter=1&addArea=1_01100',
    composes: { op: '/api/v1/agriculture/crops/farmersAgeStructure', param: 'addArea' },
  },
  {
    name: 'share of farm corporations, the national average beside Tokyo',
    url: '/api/v1/agriculture/crops/averageOfCorporate?prefCode=13&cityCode=-&matter=3',
  },
  {
    name: 'a prefecture government’s expenditure by purpose, a Java client’s query',
    url: '/api/v1/municipality/finance/forSettlementAmount?year=2014&prefCode=13&cityCode=-&matter=1',
  },
  {
    name: 'a municipality’s expenditure against its group’s mean',
    url: '/api/v1/municipality/finance/forSettlementAmount?year=2011&prefCode=1&cityCode=01202&matter=2',
  },
  { name: 'unknown path', url: '/api/v1/population/nope' },
  { name: 'path segments past an operation that name no parameter', url: '/api/v1/prefectures/extra/segment' },
  {
    name: 'addArea',
    url: '/api/v1/population/composition/perYear?prefCode=13&addArea=1_',
    composes: { op: '/api/v1/population/composition/perYear', param: 'addArea' },
  },
  {
    name: 'addArea, fishery',
    url: '/api/v1/fishery/sea/sales?prefCode=1&cityCode=-&matter=1&addArea=13_',
    composes: { op: '/api/v1/fishery/sea/sales', param: 'addArea' },
  },
  {
    name: 'offset between pages',
    url: '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=6&sort2=2&offset=37',
    composes: { op: '/api/v1/industry/patent/list', param: 'offset' },
  },
  {
    name: 'addTec',
    url: '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=1&sort2=1&offset=0&addTec=7_',
    composes: { op: '/api/v1/industry/patent/list', param: 'addTec' },
  },
  {
    name: 'past the end of a list, any ordering',
    url: '/api/v1/industry/patent/list?year=2019&mode=1&prefCode=13&sort1=6&sort2=2&offset=100000',
  },
  { name: 'unknown path with characters that need escaping', url: '/api/v1/x%22,%22statusCode%22:%22200' },
];

/** Each declaration's first example (the one its docs link), as a query; one that composes says so. */
const DECLARED: Entry[] = OPERATIONS.map((op) => {
  const example = op.examples[0] ?? {};
  const given = Object.entries(example).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  const query = new URLSearchParams(given).toString();
  const list = op.route.params.find((p) => isListParam(p) && example[p.name]);
  return {
    name: `example of ${op.route.path}`,
    url: `${op.route.path}${query ? `?${query}` : ''}`,
    ...(list ? { composes: { op: op.route.path, param: list.name } } : {}),
  };
}).filter((d) => !CHOSEN.some((c) => c.url === d.url));

/** The chosen cases and every other example (`npm run test:full`; the default run every 4th). */
export const ENTRIES: Entry[] = [...CHOSEN, ...part(DECLARED, 4)];

/** The headers every adapter must send as the Node server does (others, such as ETag, may differ). */
export const COMPARED_HEADERS = [
  'content-type',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'cache-control',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'allow',
  'x-content-type-options',
  'x-regstat-data',
];

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function pick(headers: Headers | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of COMPARED_HEADERS) {
    const v = headers instanceof Headers ? headers.get(name) : headers[name];
    if (v !== null && v !== undefined && v !== '') out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
