// Synthetic patents, 2017–2022, at about 1/70 of Japan's real volume so that the precomputed pages stay
// small. Fictional holders (companies and research bodies with made-up names) sit mostly in big cities
// and favour a few technology fields; one application in ten is joint, and about one record in a
// hundred has its details withheld (- placeholders), as in the original.

import type { City } from '../regions.ts';
import type { Row } from '../tables.ts';
import { PATENT_FIELDS } from './classifications.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { attraction, PREF_CENTER } from './profile.ts';
import { random } from './random.ts';
import { csvOf, shared, type SampleTables } from './shared.ts';

const PATENT_YEARS = [2017, 2018, 2019, 2020, 2021, 2022];
const HOLDERS = 900;

const KANA = [
  'ア',
  'イ',
  'カ',
  'キ',
  'サ',
  'シ',
  'タ',
  'ナ',
  'ハ',
  'マ',
  'ミ',
  'ヤ',
  'ラ',
  'リ',
  'ワ',
  'ト',
  'コ',
  'ノ',
  'ム',
  'セ',
  'ヒ',
  'ル',
  'テ',
  'ソ',
];
const TRADE = [
  '精機',
  '化学',
  '電機',
  '工業',
  '製作所',
  '食品',
  '製薬',
  'システムズ',
  'テクノ',
  'マテリアル',
  'エレクトロニクス',
  '建設',
  'メディカル',
  'ロボティクス',
  '産業',
  'エンジニアリング',
];
const SUFFIX = ['', 'の製造方法', '装置', 'システム', '組成物', 'の制御方法'];

interface Holder {
  holderId: string;
  holderName: string;
  city: City;
  lat: number;
  lng: number;
  /** Theme keys [field, theme] it files in, with weights. */
  themes: [number, number, number][];
  rate: number;
}

function patentTables(seed: string, leaves: LeafPopulation[]) {
  const fields = PATENT_FIELDS.map((f, i) => ({ tecCode: i + 1, tecName: f.name }));
  const themes = PATENT_FIELDS.flatMap((f, i) =>
    f.themes.map((t, j) => ({ tecCode: i + 1, themeCode: j + 1, themeName: t.name })),
  );
  const holders = makeHolders(seed, leaves);
  const records: Row<'patents'>[] = [];
  let recordId = 0;
  for (const year of PATENT_YEARS) {
    const rnd = random(seed, 'patents', year);
    let serial = 0;
    for (const h of holders) {
      const n = poisson(rnd, h.rate * (1 + 0.03 * (year - 2017)));
      for (let k = 0; k < n; k++) {
        const [tec, th] = pickTheme(rnd, h.themes);
        const theme = PATENT_FIELDS[tec - 1]!.themes[th - 1]!;
        const day = 1 + Math.floor(rnd() * 365);
        const date = new Date(Date.UTC(year, 0, day));
        const applyDate = `${year}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}`;
        const applyNo = `${year}-${String(++serial * 37 + Math.floor(rnd() * 30)).padStart(6, '0')}`;
        const withheld = rnd() < 0.01;
        const fiClass = theme.fi[Math.floor(rnd() * theme.fi.length)]!;
        const topic = theme.topics[Math.floor(rnd() * theme.topics.length)]!;
        const suffix = SUFFIX[Math.floor(rnd() * SUFFIX.length)]!;
        // "警報装置" + "装置" would read as a typo: a topic that already names a device takes no suffix.
        const patentName = topic.endsWith(suffix) ? topic : topic + suffix;
        const joint = !withheld && rnd() < 0.1 ? [h, ...coHolders(rnd, holders, h)] : [h];
        for (const holder of joint) {
          records.push({
            recordId: ++recordId,
            year,
            applyNo: withheld ? '-' : applyNo,
            applyDate: withheld ? '-' : applyDate,
            tecCode: tec,
            themeCode: th,
            fiClass: withheld ? '-' : fiClass,
            patentName: withheld ? '-' : patentName,
            holderId: withheld ? '' : holder.holderId,
            regionCode: holder.city.cityCode,
            lat: withheld ? 0 : holder.lat,
            lng: withheld ? 0 : holder.lng,
          });
        }
      }
    }
  }
  return { fields, themes, holders: holders.map((h) => ({ holderId: h.holderId, holderName: h.holderName })), records };
}

function makeHolders(seed: string, leaves: LeafPopulation[]): Holder[] {
  const rnd = random(seed, 'holders');
  // Where holders sit: weighted by population and, strongly, by urbanity and the prefecture's pull
  // (head offices gather in Tokyo).
  const weights = leaves.map((l) => {
    const y = l.byYear.get(2020)!;
    return (
      (y.man.reduce((a, v) => a + v, 0) + y.woman.reduce((a, v) => a + v, 0)) *
      l.urban ** 3 *
      attraction(l.city.prefCode) ** 3
    );
  });
  const total = weights.reduce((a, w) => a + w, 0);
  const holders: Holder[] = [];
  for (let i = 0; i < HOLDERS; i++) {
    let x = rnd() * total;
    let at = 0;
    while (x > weights[at]! && at < weights.length - 1) x -= weights[at++]!;
    const city = leaves[at]!.city;
    const [lat, lng] = PREF_CENTER[city.prefCode - 1]!;
    const name = Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => KANA[Math.floor(rnd() * KANA.length)]).join(
      '',
    );
    const kind = rnd();
    const holderName =
      kind < 0.06
        ? `学校法人${name}学園`
        : kind < 0.1
          ? `国立研究開発法人${name}技術研究所`
          : kind < 0.55
            ? `株式会社${name}${TRADE[Math.floor(rnd() * TRADE.length)]}`
            : `${name}${TRADE[Math.floor(rnd() * TRADE.length)]}株式会社`;
    const favourites = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (): [number, number, number] => {
      const tec = 1 + Math.floor(rnd() * PATENT_FIELDS.length);
      return [tec, 1 + Math.floor(rnd() * PATENT_FIELDS[tec - 1]!.themes.length), 0.2 + rnd()];
    });
    holders.push({
      holderId: `C${String(100001 + i * 7)}`,
      holderName,
      city,
      lat: round4(lat + 0.25 * rnd.normal()),
      lng: round4(lng + 0.25 * rnd.normal()),
      themes: favourites,
      rate: Math.min(60, Math.exp(0.3 + 1.1 * rnd.normal())),
    });
  }
  return holders;
}

function pickTheme(rnd: () => number, themes: [number, number, number][]): [number, number] {
  // Mostly a favourite theme; sometimes anything.
  if (rnd() < 0.15) {
    const tec = 1 + Math.floor(rnd() * PATENT_FIELDS.length);
    return [tec, 1 + Math.floor(rnd() * PATENT_FIELDS[tec - 1]!.themes.length)];
  }
  let x = rnd() * themes.reduce((a, t) => a + t[2], 0);
  for (const t of themes) if ((x -= t[2]) <= 0) return [t[0], t[1]];
  return [themes[0]![0], themes[0]![1]];
}

function coHolders(rnd: () => number, holders: Holder[], h: Holder): Holder[] {
  const near = holders.filter((o) => o !== h && o.city.prefCode === h.city.prefCode);
  const pool = near.length > 0 && rnd() < 0.6 ? near : holders.filter((o) => o !== h);
  const n = Math.min(pool.length, 1 + (rnd() < 0.25 ? 1 : 0));
  const out: Holder[] = [];
  while (out.length < n) {
    const o = pool[Math.floor(rnd() * pool.length)]!;
    if (!out.includes(o)) out.push(o);
  }
  return out;
}

function poisson(rnd: () => number, lambda: number): number {
  const l = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= rnd();
  } while (p > l);
  return k - 1;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

const patentsOf = shared((d) => patentTables(d.seed, leavesOf(d)));

export const SAMPLE = {
  patent_fields: (d) => csvOf('patent_fields', patentsOf(d).fields),
  patent_themes: (d) => csvOf('patent_themes', patentsOf(d).themes),
  patent_holders: (d) => csvOf('patent_holders', patentsOf(d).holders),
  patents: (d) => csvOf('patents', patentsOf(d).records),
} satisfies SampleTables;
