// The child process npm start runs to fill its response cache (build/start/pack-cache.ts): the whole build of the
// given source values into one pack, staged beside its name and renamed when whole.
// Usage: pack-cache-writer.ts <file.pack> <source values as JSON>

import { build } from '../core/build.ts';
import { PackEffects } from '../pack/writer.ts';
import { fail } from './fail.ts';
import { buildOptionsFrom, type SourceValues } from '../core/source-values.ts';

try {
  const [file, json] = process.argv.slice(2);
  const values = JSON.parse(json!) as SourceValues;
  build(buildOptionsFrom(values, { eager: true }), new PackEffects(file!));
} catch (e) {
  fail(e);
}
