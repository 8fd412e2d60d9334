// npm run import:estat -- <folder> <sources-dir>

import { checkSourcesFolder, writeSourceSet, writtenLines } from '../../sources/dir.ts';
import { importEstat } from '../../sources/estat/import.ts';
import { loadSources } from '../../sources/load.ts';
import { runCommand, type CommandSpec } from './source-options.ts';
import { whileSaying } from '../core/progress.ts';
import { printable, UsageError } from '../user-error.ts';

export const ESTAT_COMMAND = {
  name: 'npm run import:estat',
  summary:
    'Reads the official tables in <folder> (e-Stat census tables of population by area × sex × 5-year age, the census time series c03 by prefecture × sex × 5-year age 1960–2015, SSDSE-A of every edition, SSDSE-B and SSDSE-E (municipal census figures, local taxes over 住基 residents, dental clinics, dentists and pharmacists), IPSS 2018 municipal projections, the 1980–2020 municipality converter, 住民基本台帳 人口動態 by municipality (births, deaths, moves), 住民基本台帳人口移動報告 net migration by prefecture × 国籍 × area × 5-year age; recognised by content, whatever their file names), checks them and writes population source tables to <sources-dir>, to build from with --sources.',
  args: { usage: '<folder> <sources-dir>', min: 2, max: 2 },
  options: {
    'migration-year': {
      type: 'string',
      value: '<year>',
      help: 'the year of a net-migration table (住民基本台帳人口移動報告), which its content does not state',
      shownDefault: "a year in the file's or its folder's name",
    },
  },
  example: 'npm run import:estat -- ../shared/data/official /tmp/estat-sources',
  docs: 'Reads the official tables in a folder (e-Stat census, the census time series c03, SSDSE-A, IPSS 2018 projections, the municipality converter, 住民基本台帳 人口動態, the 2021 migration report; recognised by content) into population source tables (see [Official statistics](data.md#official-statistics-npm-run-importestat)).',
} as const satisfies CommandSpec;

runCommand(import.meta, ESTAT_COMMAND, ({ values, positionals }) => {
  const started = performance.now();
  const [folder, out] = positionals as [string, string];
  const migrationYear = values['migration-year'] !== undefined ? parseYear(values['migration-year']) : undefined;
  checkSourcesFolder(out);
  const { set, report, written } = whileSaying(
    `regstat: reading and checking the tables in ${printable(folder)}`,
    () => {
      const imported = importEstat(folder, migrationYear === undefined ? {} : { migrationYear });
      loadSources(imported.set); // the tables must pass their schemas before they are written
      return { ...imported, written: writeSourceSet(imported.set, out) };
    },
  );
  // The report quotes the files' names, titles and cells: escaped as the errors are.
  const log = (line: string) => process.stderr.write(printable(line) + '\n');
  log(
    `regstat: imported ${report.used.length} official tables into ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const u of report.used)
    log(
      `  ${u.file}: ${u.table} — ${u.years.join(', ')}; ${u.rows.toLocaleString('en')} rows${u.regions ? `, ${u.regions.toLocaleString('en')} regions` : ''}`,
    );
  for (const s of report.skipped) log(`  skipped ${s.file}: ${s.why}`);
  for (const line of writtenLines(out, written)) log(line);
  for (const c of report.coverage)
    log(
      `  ${c.year} (${c.kind}${c.ages === 'groups' ? ', 0–14 / 15–64 / 65+ only' : ''}): ${c.regions.toLocaleString('en')} regions; no figures for ${c.missing.length}${c.missing.length ? ` (${preview(c.missing)})` : ''}`,
    );
  for (const m of report.migration) log(`  ${m.year} (net migration): ${m.regions} prefectures`);
  for (const e of report.events)
    log(`  ${e.year} (births, deaths and moves): ${e.regions.toLocaleString('en')} regions`);
  for (const w of report.ssdse?.written ?? []) log(`  ${w.table} (SSDSE): ${w.years.join(', ')}`);
  for (const n of report.ssdse?.notWritten ?? []) log(`  not written from SSDSE: ${n}`);
  for (const w of report.warnings) log(`  warning: ${w}`);
  for (const credit of set.dataset.provenance?.credits ?? []) log(`  ${credit}`);
  log(`build with: npm run build -- --sources ${out}`);
});

function preview(codes: string[]): string {
  return codes.length <= 8 ? codes.join(', ') : `${codes.slice(0, 8).join(', ')}, … ${codes.length - 8} more`;
}

function parseYear(text: string): number {
  if (!/^(199\d|20\d\d)$/.test(text))
    throw new UsageError(`--migration-year takes a year from 1990 to 2099, such as 2021; got ${JSON.stringify(text)}.`);
  return Number(text);
}
