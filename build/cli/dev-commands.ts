// The developers' commands whose scripts run when loaded (npm run bench: build/bench/index.ts; npm run golden:
// test/golden/update.ts): their declarations live here, so that npm run docs reads them (docs/cli.md)
// without running them.

import type { CommandSpec } from './source-options.ts';

export const BENCH_COMMAND = {
  name: 'npm run bench',
  summary:
    'Measures: npm start on demand, the full build (time, files, bytes, peak memory), regstat against nginx on the same file with wrk, the layouts and the offline bundle. Figures, not assertions.',
  options: {
    prefs: { type: 'string', value: '<codes>', help: 'build only these prefectures, e.g. 1,13', shownDefault: 'all' },
    seconds: { type: 'string', default: '10', value: '<n>', help: 'seconds per wrk case' },
    keep: { type: 'boolean', default: false, help: 'keep the work folder (its dist) afterwards' },
    parts: {
      type: 'string',
      default: 'on-demand,build,serve,origin,layouts,bundle,explorer',
      value: '<list>',
      help: 'which parts to run (first-page: on a fresh clone, the time from the ready line of npm start to the explorer page and to the curl lines of the README, also the first figure of on-demand; code: counts on the syntax trees of build/ and sources/, which the issues quote; origin: the hot path against bare node:http, compositions beside plain requests, a 60 s soak, RSS; explorer: time to a drawn chart in headless Chromium; edge: the edge worker in workerd over a pack (--pack, or one rendered for --prefs, default 1,13); pack-sizes: block and leaf sizes against bytes fetched per answer; on-demand-memory: the resident memory of npm start, server and writer, once every operation has been asked for every prefecture; full: the whole build at full scale, tree and pack, then the edge over the full pack: about an hour and 35 GB of disk)',
    },
    pack: {
      type: 'string',
      value: '<file>',
      help: 'the pack the edge part measures',
      shownDefault: 'rendered from the sample',
    },
    'keep-tree': { type: 'boolean', default: false, help: 'keep the full-scale tree (full part) in the work folder' },
    cache: {
      type: 'string',
      default: '128',
      value: '<MB>',
      help: 'the cache budget of the server in the origin part (small, so the soak evicts)',
    },
  },
  example:
    'npm run bench -- --prefs 13 --seconds 5 --parts build,serve   (the edge over a bundle: npm run bench -- --parts edge --pack regstat/dist.pack)',
  docs: "Full build figures, then regstat vs nginx on the same file with wrk (installs `nginx` and `wrk` from Debian when run as root); `origin`: the hot path against a bare `node:http` server sending the same bytes, plain latency beside a composition load, a 60 s soak at 100 connections and a unique-URL flood with the server's RSS against its cache budget. Not in the default run: `--parts edge [--pack <file>]` (the edge worker in workerd over a pack: Range reads and bytes per answer, CPU per request, memory, p50/p99 at 50 connections against `serve.mjs`), `--parts pack-sizes` (block and leaf sizes against the bytes a cold and a warm answer fetch) and `--parts full` (the whole build at full scale: the pack, the tree, the pack of the tree, each with time and peak memory, then the edge over the full pack; about 30 minutes and 35 GB of disk).",
} as const satisfies CommandSpec;

export const GOLDEN_COMMAND = {
  name: 'npm run golden',
  summary:
    "Rewrites test/golden from the current code: the responses to every operation's examples, and the digest of prefecture 31's output tree. It builds the sample dist (prefectures 1 and 13) in test/.tmp/golden-dist on the way and removes it after. Review the diff before committing.",
  options: {
    tree: {
      type: 'boolean',
      default: false,
      help: 'rewrite only the digest of the tree (seconds, no sample dist); the golden responses are left as they are',
    },
  },
  example: 'npm run golden   (after a change to site files or bundled scripts only: npm run golden -- --tree)',
  docs: 'Regenerates the golden files in `test/golden/` from the current code (it builds the sample dist in `test/.tmp/golden-dist` on the way and removes it after; `--help` says so and does nothing else); review the diff.',
} as const satisfies CommandSpec;
