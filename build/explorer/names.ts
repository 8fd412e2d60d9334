// Names for codes, read from the API the page explores (or the manifest, where the build put them), so a
// picker shows 東京都 rather than 13. A list the build lacks leaves codes unnamed rather than failing.

import { DOMAINS, type Domain, type NameList } from '../runtime/domains.ts';
import type { ManifestParam } from '../runtime/manifest-types.ts';
import { PARAM_TYPES } from '../runtime/params.ts';
import { ask } from './api.ts';
import { API, intLabels } from './state.ts';

type Names = Record<string, string>;

const cache = new Map<string, Promise<Names>>();

async function load(url: string, code: string, name: string): Promise<Names> {
  const res = await ask(url);
  if (res.status !== 200) return {};
  const body = JSON.parse(res.body);
  const result = body?.result;
  const rows: Record<string, unknown>[] = Array.isArray(result)
    ? result
    : Array.isArray(result?.data)
      ? result.data
      : [];
  return Object.fromEntries(rows.map((r) => [String(r[code]), String(r[name])]));
}

/** Names of the codes of a list (of one parent's codes, for a list with a parent), loaded once per URL. */
export function namesOf(list: NameList | undefined, parentValue = ''): Promise<Names> {
  if (!list) return Promise.resolve({});
  const url = `${API}${list.path}${list.by ? `?${list.by}=${parentValue}` : ''}`;
  let names = cache.get(url);
  if (!names) {
    names = load(url, list.code, list.name).catch(() => ({}));
    cache.set(url, names);
  }
  return names;
}

/** The list naming a domain's codes, if the API has one. */
export const domainList = (domain: Domain): NameList | undefined => DOMAINS[domain].names;

/** The API list naming a parameter's values: its type's (prefectures, municipalities) or its domain's. */
export function listOf(p: ManifestParam): NameList | undefined {
  const labels = PARAM_TYPES[p.type].labels;
  if (labels === 'domain') return p.domain && domainList(p.domain);
  return labels === 'doc' ? undefined : labels;
}

/** Names for a parameter's codes, given the values it depends on (its prefecture, its parent code). */
export async function paramNames(p: ManifestParam, settled: Record<string, string>): Promise<Names> {
  if (PARAM_TYPES[p.type].labels === 'doc') return intLabels(p);
  if (p.names) return p.names;
  const by = p.parent ?? p.pref;
  return namesOf(listOf(p), by ? (settled[by] ?? '') : '');
}
