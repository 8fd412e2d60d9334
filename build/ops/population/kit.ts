// What the population operations share across files: composition/perYear's path, which sum/perYear
// composes its addArea answers from (an operation names another's files through here, never by
// importing it).

export const COMPOSITION_PER_YEAR_PATH = '/api/v1/population/composition/perYear';
