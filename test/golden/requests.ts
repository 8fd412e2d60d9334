// The requests whose whole responses are kept as golden files. Regenerate with `npm run golden` and
// review the diff: a change here is a change users will see.

export const GOLDEN_REQUESTS: [name: string, url: string][] = [
  ['prefectures', '/api/v1/prefectures'],
  ['cities-13', '/api/v1/cities?prefCode=13'],
  ['perYear-13', '/api/v1/population/composition/perYear?prefCode=13&cityCode=-'],
  ['perYear-01101', '/api/v1/population/composition/perYear?prefCode=1&cityCode=01101'],
  ['perYear-01695-no-data', '/api/v1/population/composition/perYear?prefCode=1&cityCode=01695'],
  ['perYear-1-addArea-13', '/api/v1/population/composition/perYear?prefCode=1&cityCode=-&addArea=13_'],
  ['pyramid-13101-2020-1980', '/api/v1/population/composition/pyramid?prefCode=13&cityCode=13101&yearLeft=2020&yearRight=1980'],
  ['pyramid-01100-addArea', '/api/v1/population/composition/pyramid?prefCode=1&cityCode=01100&yearLeft=1980&yearRight=2045&addArea=13_13101'],
  ['sum-perYear-1', '/api/v1/population/sum/perYear?prefCode=1&cityCode=-'],
  ['sum-perYear-13104-addArea', '/api/v1/population/sum/perYear?prefCode=13&cityCode=13104&addArea=13_13105'],
  ['forArea-13', '/api/v1/population/society/forArea?prefCode=13'],
  ['forAgeClass-13101', '/api/v1/population/society/forAgeClass?prefCode=13&cityCode=13101'],
  ['forAgeClassLine-01100', '/api/v1/population/society/forAgeClassLine?prefCode=1&cityCode=01100'],
  ['error-missing-prefCode', '/api/v1/population/composition/perYear'],
  ['error-addArea-11', '/api/v1/population/sum/perYear?prefCode=1&addArea=13_,13_,13_,13_,13_,13_,13_,13_,13_,13_,13_'],
  ['error-unknown-path', '/api/v1/population/nope'],
];

/** The prefecture whose whole output tree is kept as a digest: Tottori, the smallest. */
export const GOLDEN_TREE_PREF = 31;
