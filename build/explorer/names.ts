// Names for codes, read from the API the page explores (or the manifest, where the build put them), so a
// picker shows 東京都 rather than 13. A list the build lacks leaves codes unnamed rather than failing.

import { ask } from './api.ts';
import type { ManifestParam } from './manifest.ts';
import { API } from './state.ts';

type Names = Record<string, string>;

/** Where each kind of code is named: an API list, the field holding the code and the field holding its name. */
const LISTS: Record<string, (parentValue: string) => { url: string; code: string; name: string }> = {
  pref: () => ({ url: `${API}/prefectures`, code: 'prefCode', name: 'prefName' }),
  city: (pref) => ({ url: `${API}/cities?prefCode=${pref}`, code: 'cityCode', name: 'cityName' }),
  industriesBroad: () => ({ url: `${API}/industries/broad`, code: 'sicCode', name: 'sicName' }),
  industriesMiddle: (sic) => ({ url: `${API}/industries/middle?sicCode=${sic}`, code: 'simcCode', name: 'simcName' }),
  occupationsBroad: () => ({ url: `${API}/jobs/broad`, code: 'iscoCode', name: 'iscoName' }),
  occupationsMiddle: (isco) => ({ url: `${API}/jobs/middle?iscoCode=${isco}`, code: 'ismcoCode', name: 'ismcoName' }),
  patentFields: () => ({ url: `${API}/patents/broad`, code: 'tecCode', name: 'tecName' }),
  patentThemes: (tec) => ({ url: `${API}/patents/middle?tecCode=${tec}`, code: 'themeCode', name: 'themeName' }),
  secondaryMedicalAreas: (pref) => ({
    url: `${API}/medicalWelfare/medicalAnalysis/list?prefCode=${pref}`,
    code: 'secondary_medical_area_code',
    name: 'secondary_medical_area_name',
  }),
};

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

/** Names of the codes of a list, loaded once per URL. */
export function namesOf(kind: string, parentValue = ''): Promise<Names> {
  const list = LISTS[kind];
  if (!list) return Promise.resolve({});
  const { url, code, name } = list(parentValue);
  let names = cache.get(url);
  if (!names) {
    names = load(url, code, name).catch(() => ({}));
    cache.set(url, names);
  }
  return names;
}

/** Names for a parameter's codes, given the values it depends on. */
export async function paramNames(p: ManifestParam, settled: Record<string, string>): Promise<Names> {
  if (p.names) return p.names;
  if (p.type === 'pref') return namesOf('pref');
  if (p.type === 'city') return namesOf('city', settled[p.pref ?? 'prefCode'] ?? '');
  if (p.type === 'code' && p.domain) return namesOf(p.domain, p.parent ? (settled[p.parent] ?? '') : '');
  return {};
}
