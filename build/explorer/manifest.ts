// The parts of dist/manifest.json the explorer reads: everything it knows about operations comes from
// there (and code names from the API itself), so it never carries a copy of a code list.

import type { Constraint } from '../runtime/routes.ts';
import type { View } from '../runtime/view.ts';
import type { OperationOrigin } from '../runtime/origin.ts';

export interface ManifestParam {
  name: string;
  type: 'pref' | 'city' | 'int' | 'code' | 'areas' | 'tecs';
  pref?: string;
  parent?: string;
  domain?: string;
  required: boolean;
  default?: string | number;
  doc: string;
  activeWhen?: { param: string; values: string[] } | { param: string; values: string[] }[];
  ignored?: boolean;
  values?: (string | number)[] | Record<string, (string | number)[]>;
  valuesBy?: string;
  names?: Record<string, string>;
  min?: number;
  max?: number;
  list?: { separator: string; max: number; entry: string };
  /** What - means for an integer that takes it (an open bound). */
  open?: string;
}

export interface ManifestOperation {
  path: string;
  title: string;
  titleEn: string;
  family: string;
  description: string;
  available: boolean;
  reason?: string;
  params: ManifestParam[];
  paging?: { param: string; pageSize: number };
  constraints?: Constraint[];
  view: View;
  files: number;
  origin?: OperationOrigin;
}

export interface Manifest {
  notice: string;
  dataset: { kind: string; synthetic?: boolean; notice: string; tables?: { name: string; rows: number }[] };
  scope: { prefectures: number[] };
  operations: ManifestOperation[];
}

export const FAMILY_TITLES: Record<string, string> = {
  masters: '一覧 / Code lists',
  population: '人口 / Population',
  industry: '産業・雇用・特許 / Industry, jobs, patents',
  tourism: '観光 / Tourism',
  fishery: '水産業 / Fishery',
  mesh: 'メッシュ / Meshes',
  medical: '医療・福祉 / Medical care',
};
