// Synthetic tourism facts: foreign visitors by prefecture and nationality (2011 Q2 – 2020 Q1),
// accommodation facilities by month, type and employee size (2011–2021), and foreign visitors by entry
// and exit airport with the prefectures they visited (2014–2019). Magnitudes follow the inbound boom:
// a fivefold rise from 2011 to 2019, Tokyo, Osaka and Kyoto far ahead, the 2020 collapse.

import { toCsv } from '../csv.ts';
import type { Row } from '../tables.ts';
import { attraction, distanceKm } from './profile.ts';
import { random, type Random } from './random.ts';
import { csvOf, labelled, shared, type SampleTables } from './shared.ts';
import { fitOfficialStays, type StayOut } from './stays-official.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The 20 codes and names seen in a real forFrom response, then plausible others (their codes follow
 * the same pattern — 1xx Asia, 2xx Europe, 3xx North America, 4xx South America, 6xx Oceania — but are
 * invented) and a remainder. Shares are of a prefecture's foreign visitors.
 */
const COUNTRIES: [code: string, name: string, share: number][] = [
  ['103', '韓国', 0.22],
  ['105', '中国', 0.26],
  ['106', '台湾', 0.15],
  ['107', 'マカオ', 0.003],
  ['108', '香港', 0.07],
  ['110', 'ベトナム', 0.015],
  ['111', 'タイ', 0.04],
  ['112', 'シンガポール', 0.015],
  ['113', 'マレーシア', 0.015],
  ['114', 'ミャンマー', 0.002],
  ['117', 'フィリピン', 0.02],
  ['118', 'インドネシア', 0.013],
  ['123', 'インド', 0.006],
  ['124', 'ネパール', 0.002],
  ['205', '英国', 0.013],
  ['208', 'オランダ', 0.003],
  ['210', 'フランス', 0.011],
  ['213', 'ドイツ', 0.008],
  ['218', 'スペイン', 0.004],
  ['220', 'イタリア', 0.005],
  ['224', 'ロシア', 0.004],
  ['226', 'スイス', 0.002],
  ['302', 'カナダ', 0.012],
  ['304', '米国', 0.05],
  ['305', 'メキシコ', 0.003],
  ['401', 'ブラジル', 0.003],
  ['601', 'オーストラリア', 0.02],
  ['602', 'ニュージーランド', 0.003],
  ['999', 'その他', 0.03],
];

/** How strongly a prefecture draws foreign visitors, Tokyo 1; others from their general pull. */
const INBOUND: Record<number, number> = {
  13: 1,
  27: 0.75,
  26: 0.5,
  1: 0.25,
  47: 0.25,
  12: 0.22,
  40: 0.2,
  29: 0.12,
  14: 0.1,
  23: 0.1,
  19: 0.1,
  28: 0.07,
  22: 0.05,
  20: 0.04,
  21: 0.04,
  34: 0.04,
  44: 0.03,
  43: 0.03,
  42: 0.03,
  17: 0.03,
  11: 0.015,
};
const inbound = (pref: number) => INBOUND[pref] ?? 0.004 + 0.03 * attraction(pref);

/** Foreign visitors relative to 2019. */
const VISITOR_TREND: Record<number, number> = {
  2011: 0.2,
  2012: 0.27,
  2013: 0.34,
  2014: 0.42,
  2015: 0.6,
  2016: 0.75,
  2017: 0.9,
  2018: 0.97,
  2019: 1,
  2020: 0.45,
};

/** Quarters with data: 2011 Q2 to 2020 Q1. */
const VISITOR_QUARTERS: [year: number, quarter: number][] = [];
for (let y = 2011; y <= 2020; y++)
  for (let q = 1; q <= 4; q++) if ((y > 2011 || q > 1) && (y < 2020 || q === 1)) VISITOR_QUARTERS.push([y, q]);

function foreignVisitors(seed: string) {
  const rows: Row<'foreign_visitors'>[] = [];
  for (let pref = 1; pref <= 47; pref++) {
    const rnd = random(seed, 'foreign-visitors', pref);
    const base = 4_000_000 * inbound(pref);
    const mix = COUNTRIES.map(([, , share]) => share * Math.exp(0.5 * rnd.normal()));
    const leisure = COUNTRIES.map(() => 0.5 + 0.35 * rnd());
    for (const [year, quarter] of VISITOR_QUARTERS) {
      const season = [0.92, 1.02, 1.0, 1.06][quarter - 1]!;
      COUNTRIES.forEach(([code], i) => {
        const expected = base * VISITOR_TREND[year]! * season * mix[i]! * Math.exp(0.25 * rnd.normal());
        // Survey-based estimates: small groups are often not observed at all.
        const all = expected < 400 && rnd() < 0.5 ? 0 : Math.round(expected);
        rows.push({ prefCode: pad2(pref), year, quarter, purpose: 1, countryCode: code, visitors: all });
        rows.push({
          prefCode: pad2(pref),
          year,
          quarter,
          purpose: 2,
          countryCode: code,
          visitors: Math.round(all * leisure[i]!),
        });
      });
    }
  }
  return rows;
}

/** Employee-size classes and accommodation types of the accommodation survey. */
const ACCOMMODATION_SIZES = ['0～9人', '10～29人', '30～99人', '100人以上'];
const ACCOMMODATION_TYPES = [
  '旅館',
  'リゾートホテル',
  'ビジネスホテル',
  'シティホテル',
  '会社・団体の宿泊所',
  '簡易宿所・その他',
];
/** Per type: share of facilities in 2011, yearly growth, and its spread over the size classes. */
const TYPE_PROFILE: { share: number; growth: number; sizes: number[] }[] = [
  { share: 0.5, growth: -0.025, sizes: [0.72, 0.2, 0.07, 0.01] },
  { share: 0.05, growth: 0.01, sizes: [0.2, 0.35, 0.35, 0.1] },
  { share: 0.15, growth: 0.025, sizes: [0.35, 0.45, 0.18, 0.02] },
  { share: 0.02, growth: 0.01, sizes: [0.02, 0.13, 0.45, 0.4] },
  { share: 0.07, growth: -0.03, sizes: [0.85, 0.12, 0.03, 0] },
  { share: 0.21, growth: 0.06, sizes: [0.93, 0.06, 0.01, 0] },
];
/** The calendar years of the accommodation tables. */
export const ACCOMMODATION_YEARS = { from: 2011, to: 2021 };
const ACCOMMODATION_MONTHS: string[] = [];
for (let y = ACCOMMODATION_YEARS.from; y <= ACCOMMODATION_YEARS.to; y++)
  for (let m = 1; m <= 12; m++) ACCOMMODATION_MONTHS.push(`${y}-${pad2(m)}`);

function accommodationFacilities(seed: string) {
  const rows: { prefCode: string; month: string; typeCode: number; sizeCode: number; facilities: number }[] = [];
  for (let pref = 1; pref <= 47; pref++) {
    const rnd = random(seed, 'accommodation', pref);
    const total = 600 * Math.exp(0.4 * rnd.normal()) + 2500 * inbound(pref);
    TYPE_PROFILE.forEach((type, t) => {
      type.sizes.forEach((sizeShare, s) => {
        let n = total * type.share * sizeShare * Math.exp(0.3 * rnd.normal());
        for (const month of ACCOMMODATION_MONTHS) {
          // Facilities open and close a few at a time; the 2020 slump closed some for good.
          n *= 1 + type.growth / 12 + 0.004 * rnd.normal() - (month >= '2020-04' && month <= '2021-03' ? 0.004 : 0);
          rows.push({
            prefCode: pad2(pref),
            month,
            typeCode: t + 1,
            sizeCode: s + 1,
            facilities: Math.max(0, Math.round(n)),
          });
        }
      });
    });
  }
  return rows;
}

/**
 * Per type: rooms of a facility of each size class, persons a room sleeps, guests per occupied room and the
 * share of rooms occupied in an ordinary month: business and city hotels fill most rooms with one or two
 * guests, inns and resorts fewer rooms with families.
 */
const STAY_PROFILE: { rooms: number; beds: number; guests: number; occupancy: number; foreign: number }[] = [
  { rooms: 0.7, beds: 3.2, guests: 2.1, occupancy: 0.38, foreign: 0.6 },
  { rooms: 1.5, beds: 2.8, guests: 2.3, occupancy: 0.58, foreign: 1.2 },
  { rooms: 1.3, beds: 1.3, guests: 1.2, occupancy: 0.74, foreign: 1 },
  { rooms: 2, beds: 1.9, guests: 1.6, occupancy: 0.78, foreign: 1.6 },
  { rooms: 0.6, beds: 2.9, guests: 1.5, occupancy: 0.3, foreign: 0.1 },
  { rooms: 0.5, beds: 2.4, guests: 1.6, occupancy: 0.32, foreign: 1.4 },
];
/** Rooms of a facility by employee-size class. */
const ROOMS_BY_SIZE = [9, 32, 95, 310];
/** Holidays fill rooms: August and the spring and autumn seasons above the mean, January and June below. */
const SEASON = [0.78, 0.88, 1.02, 0.98, 1.02, 0.86, 1.05, 1.25, 1.0, 1.04, 1.06, 0.96];
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate();
/** How far travel fell in the pandemic's months, relative to an ordinary one (foreigners all but stopped). */
const slump = (month: string) => (month < '2020-03' ? 1 : month < '2020-06' ? 0.35 : month < '2021-10' ? 0.6 : 0.75);

/**
 * Guest nights, rooms occupied and available and capacity of the facilities of accommodationFacilities,
 * month by month. The survey counts the rooms and capacity of facilities of ten or more employees only,
 * so those of size class 1 (0～9人) are empty, as the original answers null for that class's rates. The
 * guest nights of those facilities of ten or more are the official ones, per prefecture and year
 * (fitOfficialStays).
 */
function accommodationStays(seed: string, facilities = accommodationFacilities(seed)): StayOut[] {
  const rows = facilities.map((f): StayOut => {
    const rnd = random(seed, 'stays', f.prefCode, f.month, f.typeCode, f.sizeCode);
    const type = STAY_PROFILE[f.typeCode - 1]!;
    const pref = Number(f.prefCode);
    const month = Number(f.month.slice(5));
    const year = Number(f.month.slice(0, 4));
    const available = Math.round(f.facilities * ROOMS_BY_SIZE[f.sizeCode - 1]! * type.rooms) * daysIn(f.month);
    const rate = Math.min(0.97, type.occupancy * SEASON[month - 1]! * slump(f.month) * Math.exp(0.06 * rnd.normal()));
    const occupied = Math.round(available * rate);
    const guests = Math.round(occupied * type.guests * Math.exp(0.04 * rnd.normal()));
    const capacity = Math.max(guests, Math.round(available * type.beds));
    const trend = (VISITOR_TREND[Math.min(year, 2020)] ?? 1) * (f.month >= '2020-04' ? 0.03 : 1);
    const foreignShare = Math.min(
      0.8,
      (0.03 + 0.3 * inbound(pref)) * type.foreign * trend * Math.exp(0.1 * rnd.normal()),
    );
    const foreignGuests = Math.round(guests * foreignShare);
    const counted = f.sizeCode > 1;
    return {
      prefCode: f.prefCode,
      month: f.month,
      typeCode: f.typeCode,
      sizeCode: f.sizeCode,
      japaneseGuests: guests - foreignGuests,
      foreignGuests,
      roomsOccupied: counted ? occupied : '',
      roomsAvailable: counted ? available : '',
      capacity: counted ? capacity : '',
    };
  });
  fitOfficialStays(rows);
  return rows;
}

/** Airport areas and the airports foreign visitors enter and leave by (codes are IATA codes). */
const AIRPORTS: [area: string, areaName: string, code: string, name: string, pref: number, weight: number][] = [
  ['1', '北海道', 'CTS', '新千歳空港', 1, 0.07],
  ['1', '北海道', 'HKD', '函館空港', 1, 0.005],
  ['1', '北海道', 'AKJ', '旭川空港', 1, 0.003],
  ['2', '東北', 'SDJ', '仙台空港', 4, 0.005],
  ['2', '東北', 'AOJ', '青森空港', 2, 0.002],
  ['3', '関東', 'NRT', '成田国際空港', 12, 0.25],
  ['3', '関東', 'HND', '東京国際空港', 13, 0.17],
  ['3', '関東', 'IBR', '茨城空港', 8, 0.003],
  ['4', '中部', 'NGO', '中部国際空港', 23, 0.06],
  ['4', '中部', 'FSZ', '富士山静岡空港', 22, 0.006],
  ['4', '中部', 'KMQ', '小松空港', 17, 0.004],
  ['5', '近畿', 'KIX', '関西国際空港', 27, 0.25],
  ['6', '中国・四国', 'HIJ', '広島空港', 34, 0.006],
  ['6', '中国・四国', 'TAK', '高松空港', 37, 0.005],
  ['7', '九州', 'FUK', '福岡空港', 40, 0.07],
  ['7', '九州', 'KOJ', '鹿児島空港', 46, 0.006],
  ['7', '九州', 'KMJ', '熊本空港', 43, 0.004],
  ['8', '沖縄', 'OKA', '那覇空港', 47, 0.06],
];
const AIRPORT_YEARS = [2014, 2015, 2016, 2017, 2018, 2019];
const AIRPORT_TREND: Record<number, number> = { 2014: 0.43, 2015: 0.63, 2016: 0.76, 2017: 0.91, 2018: 0.98, 2019: 1 };
const HUBS = ['NRT', 'HND', 'KIX'];

/** The airports visitors who entered at `entry` leave by, with their shares. */
function exits(rnd: Random, entry: string): [string, number][] {
  const out = new Map<string, number>([[entry, 0.6]]);
  for (const hub of HUBS) out.set(hub, (out.get(hub) ?? 0) + 0.3 / HUBS.length);
  for (let i = 0; i < 2; i++) {
    const other = AIRPORTS[Math.floor(rnd() * AIRPORTS.length)]![2];
    out.set(other, (out.get(other) ?? 0) + 0.05);
  }
  return [...out].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function airportFlows(seed: string) {
  const travellers: Row<'airport_travellers'>[] = [];
  const visits: Row<'airport_visits'>[] = [];
  const prefOf = new Map(AIRPORTS.map((a) => [a[2], a[4]]));
  for (const [, , entry, , , weight] of AIRPORTS) {
    const rnd = random(seed, 'airports', entry);
    for (const [exit, share] of exits(rnd, entry)) {
      // Visitors see the places near where they land and leave, and the big draws wherever they are.
      const reach = Array.from({ length: 47 }, (_, i) => {
        const near = Math.max(
          Math.exp(-distanceKm(i + 1, prefOf.get(entry)!) / 220),
          Math.exp(-distanceKm(i + 1, prefOf.get(exit)!) / 220),
        );
        return Math.min(0.95, 0.85 * near * (0.35 + 0.65 * inbound(i + 1) ** 0.3) + 0.08 * inbound(i + 1));
      });
      for (const year of AIRPORT_YEARS) {
        for (let quarter = 1; quarter <= 4; quarter++) {
          const season = [0.95, 1.0, 1.02, 1.03][quarter - 1]!;
          const total = Math.round(
            7_500_000 * weight * share * AIRPORT_TREND[year]! * season * Math.exp(0.1 * rnd.normal()),
          );
          if (total === 0) continue;
          travellers.push({ year, quarter, entryAirport: entry, exitAirport: exit, visitors: total });
          reach.forEach((p, i) => {
            const n = Math.min(total, Math.round(total * p * Math.exp(0.15 * rnd.normal())));
            if (n > 0)
              visits.push({
                year,
                quarter,
                entryAirport: entry,
                exitAirport: exit,
                prefCode: pad2(i + 1),
                visitors: n,
              });
          });
        }
      }
    }
  }
  return { travellers, visits };
}

/** How many other prefectures a prefecture's visitors are counted as visiting before it, and after it. */
const SEQUENCE_PREFS = 12;

/**
 * Of each prefecture's visitors of a quarter (airportFlows' visits), those who visited another prefecture
 * before it and after it, by that prefecture: visitors who land near a prefecture see it first, so
 * prefectures with a hub airport have fewer before them; the others are the nearer and the more visited.
 */
function visitSequences(seed: string, visits = airportFlows(seed).visits) {
  const sums = new Map<string, number>();
  for (const v of visits) {
    const key = `${v.prefCode}|${v.year}|${v.quarter}`;
    sums.set(key, (sums.get(key) ?? 0) + v.visitors);
  }
  const visitorsOf = (pref: number, year: number, quarter: number) => sums.get(`${pad2(pref)}|${year}|${quarter}`) ?? 0;
  const hubs = new Set(AIRPORTS.filter(([, , code]) => HUBS.includes(code)).map((a) => a[4]));
  const rows: Row<'visit_sequences'>[] = [];
  for (let pref = 1; pref <= 47; pref++) {
    const rnd = random(seed, 'sequences', pref);
    const others = Array.from({ length: 47 }, (_, i) => i + 1)
      .filter((q) => q !== pref)
      .map((q) => [q, visitorsOf(q, 2019, 1) * Math.exp(-distanceKm(pref, q) / 250)] as const)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, SEQUENCE_PREFS)
      .sort((a, b) => a[0] - b[0]);
    for (const year of AIRPORT_YEARS)
      for (let quarter = 1; quarter <= 4; quarter++) {
        const total = visitorsOf(pref, year, quarter);
        if (total === 0) continue;
        for (const position of ['before', 'after'] as const) {
          const moved =
            total * (hubs.has(pref) ? (position === 'before' ? 0.25 : 0.35) : 0.6) * Math.exp(0.05 * rnd.normal());
          const weights = others.map(
            ([q]) =>
              [q, visitorsOf(q, year, quarter) * Math.exp(-distanceKm(pref, q) / 250 + 0.2 * rnd.normal())] as const,
          );
          const sum = weights.reduce((a, [, w]) => a + w, 0);
          for (const [q, w] of weights) {
            const n = sum > 0 ? Math.round((moved * w) / sum) : 0;
            if (n > 0)
              rows.push({ prefCode: pad2(pref), year, quarter, position, otherPrefCode: pad2(q), visitors: n });
          }
        }
      }
  }
  return rows;
}

const flowsOf = shared((d) => airportFlows(d.seed));

export const SAMPLE = {
  countries: () =>
    toCsv(
      ['countryCode', 'countryName'],
      COUNTRIES.map(([code, name]) => [code, name]),
    ),
  foreign_visitors: (d) => csvOf('foreign_visitors', foreignVisitors(d.seed)),
  accommodation_classes: () =>
    csvOf('accommodation_classes', [
      ...labelled('size', ACCOMMODATION_SIZES),
      ...labelled('type', ACCOMMODATION_TYPES),
    ]),
  accommodation_facilities: (d) => csvOf('accommodation_facilities', accommodationFacilities(d.seed)),
  accommodation_stays: (d) => csvOf('accommodation_stays', accommodationStays(d.seed)),
  airports: () =>
    toCsv(
      ['areaCode', 'areaName', 'airportCode', 'airportName', 'prefCode'],
      AIRPORTS.map(([area, areaName, code, name, pref]) => [area, areaName, code, name, String(pref).padStart(2, '0')]),
    ),
  airport_travellers: (d) => csvOf('airport_travellers', flowsOf(d).travellers),
  airport_visits: (d) => csvOf('airport_visits', flowsOf(d).visits),
  visit_sequences: (d) => csvOf('visit_sequences', visitSequences(d.seed, flowsOf(d).visits)),
} satisfies SampleTables;
