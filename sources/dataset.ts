// What a source set says of itself (dataset.json, the sample, the importers), copied into dist/manifest.json
// and shown by the docs page and the explorer. Types only: the runtime's manifest type reads them too, and
// nothing of Node comes along.

import type { TableName } from './tables.ts';

/** Where a table's figures come from at each level, in a few words; a level not named is synthetic. */
export interface TableOrigin {
  /** Every row (a code list, a classification). */
  all?: string;
  /** The rows of prefectures, or what the municipalities add up to there. */
  prefecture?: string;
  /** The rows of municipalities and wards. */
  municipality?: string;
  /** The official columns, where only some are: an operation that reads others (its `reads`) is synthetic. */
  columns?: string[];
  /** What of the named rows is still synthetic (some years, say): an operation reading them is partly official. */
  part?: string;
  /** The years of the named rows that hold official figures, where not every year does: per level where they differ. */
  years?: number[] | Partial<Record<'prefecture' | 'municipality', number[]>>;
  /** What of the municipal rows alone is still synthetic, where the prefecture rows are official throughout. */
  municipalityPart?: string;
  /** A code list or classification: it names what other tables count, and counts nothing itself. */
  codes?: true;
}
export type Origins = Partial<Record<TableName, TableOrigin>>;

/** dataset.json's record of where an e-Stat import's figures come from; the manifest and the docs page repeat it. */
export interface Provenance {
  importer: string;
  /** The attributions the tables' licences ask for, to show wherever the figures are. */
  credits: string[];
  tables: { file: string; table: string; title: string; years: number[]; rows: number; sha256: string }[];
  /** Per year: how many regions have figures, how many of those RESAS listed have none, and whether by 5-year age and sex or in the three broad groups only (no pyramid). */
  coverage: {
    year: number;
    kind: 'actual' | 'projection';
    regions: number;
    missing: number;
    ages: 'classes' | 'groups';
  }[];
  /** Net migration, apart from the population years: per year, how many prefectures have figures. */
  migration?: { year: number; regions: number }[];
  /** Births, deaths and moves (住民基本台帳): per year, how many regions have figures. */
  events?: { year: number; regions: number }[];
}

/** The official tables the sample builds on (the rest of it is synthetic). */
interface OfficialTables {
  what: string[];
  files: string[];
  credits: string[];
}

/**
 * The origin of the facts, copied into dist/manifest.json. Each producer gives its own fields: the sample
 * (synthetic … official), the e-Stat importer (provenance), the RESAS importer (archive, responses); a
 * dataset.json of the user's gives kind and notice, and whichever of these it holds.
 */
export interface DatasetInfo {
  kind: 'sample' | 'imported';
  /** The sample's: its figures below the official ones are generated. */
  synthetic?: true;
  /** Shown wherever a user could take the numbers for official statistics. */
  notice: string;
  /** The sample's seed. */
  seed?: string;
  /** The sample's region codes. */
  regions?: string;
  /** A dataset that mixes official and synthetic tables says which are official (build/core/origin.ts). */
  origins?: Origins;
  /** The sample's official tables. */
  official?: OfficialTables;
  /** The e-Stat importer's: the tables it read. */
  provenance?: Provenance;
  /** The RESAS importer's: the archive folder the responses came from, and how many it read. */
  archive?: string;
  responses?: number;
}

/** A source table as the manifest lists it: what the build read, and the digest of its content. */
export interface TableDigest {
  name: TableName;
  rows: number;
  sha256: string;
}
