// Checks the named sample tables into the run's table cache, beside the global setup, which checks the
// others at the same time: checking the sample's 2.26 million rows cold takes 20 s of one core.
import type { TableName } from '../../sources/tables.ts';
import { cachedSample } from './sample.ts';

const sources = cachedSample();
for (const name of process.argv.slice(2)) void sources.tables[name as TableName];
