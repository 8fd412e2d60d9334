// dist/manifest.json's shape, declared once: build/core/manifest.ts produces it under this type and the
// explorer (a browser page) reads it through `import type`, so the two cannot drift apart.

import type { DatasetInfo, TableDigest } from '../../sources/dataset.ts';
import type { Domain } from './domains.ts';
import type { Family } from './families.ts';
import type { OperationOrigin } from './origin.ts';
import type { Condition, Constraint, ParamSpec } from './routes.ts';
import type { View } from './view.ts';

export interface Manifest {
  generator: { name: 'regstat'; version: string };
  notice: string;
  dataset: ManifestDataset;
  scope: { prefectures: number[] };
  routes: string;
  openapi: string;
  operations: ManifestOperation[];
  /** Files of every operation together. */
  files: number;
}

/** dist/explorer/operations.json: what the explorer needs of the manifest, without what only counting every file gives. */
export interface ExplorerOperations {
  operations: ExplorerOperation[];
}

/** An operation as the manifest lists it, but for its file count. */
export type ExplorerOperation = Omit<ManifestOperation, 'files'>;

/** The dataset as the sources describe it, with a digest of every source table the build read. */
interface ManifestDataset extends DatasetInfo {
  tables: TableDigest[];
}

export interface ManifestOperation {
  path: string;
  title: string;
  titleEn: string;
  family: Family;
  description: string;
  available: boolean;
  /** Why the operation is unavailable in this build. */
  reason?: string;
  params: ManifestParam[];
  /** The list parameter whose non-empty value composes at request time. */
  composedAtRequestTime?: string[];
  paging?: ManifestPaging;
  constraints?: Constraint[];
  files: number;
  view: View;
  origin?: OperationOrigin;
}

/** A parameter as its spec declares it, with what the parameter-type table says it allows (Allowed, flattened). */
export interface ManifestParam {
  name: string;
  type: ParamSpec['type'];
  /** What the parameter's values depend on, so a client can offer only the values that go together. */
  pref?: string;
  city?: string;
  parent?: string;
  domain?: Domain;
  required: boolean;
  default?: string | number;
  doc: string;
  activeWhen?: Condition | Condition[];
  ignored?: boolean;
  /** What - means where it is a value besides the listed ones: an integer's open bound, a prefecture parameter's nation. */
  open?: string;
  values?: (string | number)[] | Record<string, (string | number)[]>;
  valuesBy?: string;
  names?: Record<string, string>;
  min?: number;
  max?: number;
  list?: { separator: string; max: number; entry: string };
  /** What a valid value's canonical form is. */
  canonical: string;
}

export interface ManifestPaging {
  param: string;
  pageSize: number;
  orderedBy: string[];
  note: string;
}
