// The directory source provider: the tables as <name>.csv files in one folder, plus an optional
// dataset.json saying where they came from (the importer and `npm run sample` write one).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetInfo, SourceSet } from './load.ts';
import { TABLE_NAMES } from './tables.ts';

export function dirSourceSet(dir: string): SourceSet {
  if (!existsSync(dir)) throw new Error(`The sources folder ${dir} does not exist.`);
  const files: SourceSet['files'] = {};
  for (const name of TABLE_NAMES) {
    const file = join(dir, `${name}.csv`);
    if (!existsSync(file)) continue;
    let text: string | undefined;
    files[name] = {
      file,
      get text() {
        return (text ??= readFileSync(file, 'utf8')); // read when first needed, like the sample's tables
      },
    };
  }
  const infoFile = join(dir, 'dataset.json');
  const dataset: DatasetInfo = existsSync(infoFile)
    ? JSON.parse(readFileSync(infoFile, 'utf8'))
    : { kind: 'imported', notice: `Tables supplied by the user in ${dir}; regstat did not check their origin.` };
  return { dataset, files };
}

export function writeSourceSet(set: SourceSet, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, src] of Object.entries(set.files)) writeFileSync(join(dir, `${name}.csv`), src!.text);
  writeFileSync(join(dir, 'dataset.json'), JSON.stringify(set.dataset, null, 2) + '\n');
}
