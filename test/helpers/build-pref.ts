// Builds the sample's prefecture argv[2] into the pack argv[3], from the run's checked tables: the global
// setup runs it beside the sample dist's build (test/helpers/sample.ts, memoryBuild, reads it).
import { build } from '../../build/core/build.ts';
import { PackEffects } from '../../build/pack/writer.ts';
import { cachedSample } from './sample.ts';

const [pref, out] = process.argv.slice(2);
// Quality 1: the pack is only read back, once per worker, in this run and later ones of the same digest.
build({ sources: cachedSample(), prefs: [Number(pref)] }, new PackEffects(out!, { quality: 1 }));
