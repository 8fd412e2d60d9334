// Synthetic residents by municipality, year, sex and 5-year age class. Each municipality gets a share
// of its prefecture's 2020 population, an urbanity that drives its growth and ageing, and an age
// structure that follows real cohorts (the baby booms of 1947–49 and 1971–74, 1966's dip).
// Prefectures and designated cities are never generated: the build adds them up from these rows.

import type { City } from '../regions.ts';
import { NO_DATA_CITIES } from '../local-gov.ts';
import { attraction, population2020 } from './profile.ts';
import { random } from './random.ts';

export const FIRST_YEAR = 1960;
export const FIRST_DETAIL_YEAR = 1980;
export const LAST_ACTUAL_YEAR = 2020;
export const LAST_YEAR = 2045;
export const YEARS = range(FIRST_YEAR, LAST_YEAR, 5);
export const DETAIL_YEARS = range(FIRST_DETAIL_YEAR, LAST_YEAR, 5);
const CLASSES = range(0, 90, 5);

export interface LeafPopulation {
  city: City;
  /** 0 for the most rural municipality of its prefecture, 1 for the most urban. */
  urban: number;
  /** Men and women per 5-year class, by year. */
  byYear: Map<number, { man: number[]; woman: number[] }>;
  /** Residents whose age the census did not learn, by (actual) year. */
  unknown: Map<number, number>;
}

/** The municipalities that carry facts: all but designated cities (their wards do) and no-data villages. */
export function leafCities(cities: City[]): City[] {
  return cities.filter((c) => c.bigCityFlag !== '2' && !NO_DATA_CITIES.has(c.cityCode));
}

export function samplePopulation(seed: string, cities: City[]): LeafPopulation[] {
  const leaves = leafCities(cities);
  const out: LeafPopulation[] = [];
  for (const prefCode of new Set(leaves.map((c) => c.prefCode))) {
    const mine = leaves.filter((c) => c.prefCode === prefCode);
    const shares = shares2020(seed, prefCode, mine);
    const ranked = [...mine].sort((a, b) => shares.get(a.cityCode)! - shares.get(b.cityCode)!);
    mine.forEach((city) => {
      const rank = ranked.indexOf(city) / Math.max(1, ranked.length - 1);
      const urban = city.bigCityFlag === '0' ? rank : Math.max(rank, 0.8);
      out.push(generateLeaf(seed, city, urban, population2020(prefCode) * shares.get(city.cityCode)!));
    });
  }
  return out.sort((a, b) => (a.city.cityCode < b.city.cityCode ? -1 : 1));
}

/**
 * Each municipality's share of its prefecture in 2020. Big cities are drawn as wholes: the designated
 * cities of a prefecture take 30–70% of it and Tokyo's 23 special wards together about two thirds, like
 * the real ones, and split that among their wards; the other municipalities share the rest, the capital
 * weighing most.
 */
function shares2020(seed: string, prefCode: number, mine: City[]): Map<string, number> {
  const rnd = random(seed, 'shares', prefCode);
  const units = new Map<string, City[]>();
  for (const c of mine) {
    const unit = c.bigCityFlag === '1' ? c.designatedCityCode : c.bigCityFlag === '3' ? 'special-wards' : c.cityCode;
    units.set(unit, [...(units.get(unit) ?? []), c]);
  }
  const big = [...units.keys()].filter((u) => units.get(u)!.length > 1 || u === 'special-wards');
  const bigShare =
    big.length === 0 ? 0 : big.includes('special-wards') ? 0.68 + 0.02 * rnd.normal() : Math.min(0.7, 0.3 + 0.12 * (big.length - 1) + 0.05 * rnd.normal());
  const weights = new Map<string, number>();
  for (const u of units.keys()) {
    const z = Math.max(-2.5, Math.min(2.2, random(seed, 'weight', u).normal()));
    // The first designated city of a prefecture is its largest (Yokohama, Osaka, Fukuoka…).
    weights.set(u, big.includes(u) ? Math.exp(0.3 * z) * (u === big[0] ? 2.5 : 1) : Math.exp(0.9 * z) * (u.endsWith('201') ? 5 : 1));
  }
  const sum = (us: string[]) => us.reduce((a, u) => a + weights.get(u)!, 0);
  const small = [...units.keys()].filter((u) => !big.includes(u));
  const out = new Map<string, number>();
  for (const [u, members] of units) {
    const share = big.includes(u) ? (bigShare * weights.get(u)!) / sum(big) : ((1 - bigShare) * weights.get(u)!) / sum(small);
    const w = members.map((c) => Math.exp(0.4 * random(seed, 'ward', c.cityCode).normal()));
    const total = w.reduce((a, x) => a + x, 0);
    members.forEach((c, i) => out.set(c.cityCode, (share * w[i]!) / total));
  }
  return out;
}

function generateLeaf(seed: string, city: City, urban: number, p2020: number): LeafPopulation {
  const rnd = random(seed, 'population', city.cityCode);
  const rural = 1 - urban;
  const pastGrowth = clamp(-0.07 + 0.12 * urban + 0.02 * rnd.normal(), -0.15, 0.15);
  const futureGrowth = clamp(-0.1 + 0.09 * urban + 0.015 * rnd.normal(), -0.2, 0.05);
  const oldOffset = 0.012 * rnd.normal();
  const youngOffset = 0.008 * rnd.normal();
  const byYear = new Map<number, { man: number[]; woman: number[] }>();
  const unknown = new Map<number, number>();

  for (const year of DETAIL_YEARS) {
    const steps = (year - LAST_ACTUAL_YEAR) / 5;
    const people = p2020 * (1 + (steps <= 0 ? pastGrowth : futureGrowth)) ** steps * (1 + 0.005 * rnd.normal());
    const old = clamp(interpolate(year, [0.075 + 0.07 * rural, 0.15 + 0.1 * rural, 0.25 + 0.13 * rural, 0.33 + 0.14 * rural]) + oldOffset, 0.04, 0.65);
    const young = clamp(interpolate(year, [0.24 + 0.01 * urban, 0.15 + 0.01 * urban, 0.12 - 0.015 * rural, 0.1 - 0.02 * rural]) + youngOffset, 0.04, 0.35);
    const share = { young, working: 1 - old - young, old };
    const w = CLASSES.map((from) => classWeight(from, year, urban));
    const groupSum = { young: 0, working: 0, old: 0 };
    CLASSES.forEach((from, i) => (groupSum[groupOf(from)] += w[i]!));
    const man: number[] = [];
    const woman: number[] = [];
    CLASSES.forEach((from, i) => {
      const g = groupOf(from);
      const n = (people * share[g] * w[i]!) / groupSum[g];
      const m = maleShare(from) * (1 + 0.01 * rnd.normal());
      man.push(Math.round(n * m));
      woman.push(Math.round(n * (1 - m)));
    });
    byYear.set(year, { man, woman });
    if (year <= LAST_ACTUAL_YEAR) {
      const rate = 0.0005 + (year >= 2005 ? ((0.004 + 0.02 * urban) * (year - 2000)) / 20 : 0);
      unknown.set(year, Math.round(people * rate * Math.abs(1 + 0.3 * rnd.normal())));
    }
  }
  return { city, urban, byYear, unknown };
}

/** Relative size of a 5-year class in a year: cohort size times survival times local pull. */
function classWeight(from: number, year: number, urban: number): number {
  const born = year - from - 2;
  const cohort =
    1 +
    0.45 * Math.exp(-(((born - 1948) / 2.5) ** 2)) +
    0.25 * Math.exp(-(((born - 1972.5) / 2.5) ** 2)) -
    0.25 * Math.exp(-(((born - 1966) / 0.8) ** 2));
  const k = 0.08 - 0.0004 * (year - 1980);
  const survival = from < 60 ? 1 : Math.exp((-k * (from - 60) ** 2) / 100) * (from === 90 ? 1.5 : 1);
  const pull = from >= 20 && from <= 30 ? 1 + 0.3 * urban - 0.25 * (1 - urban) : 1;
  return cohort * survival * pull;
}

function maleShare(from: number): number {
  if (from < 50) return 0.512 - 0.0003 * from;
  if (from < 65) return 0.5;
  return [0.48, 0.47, 0.44, 0.4, 0.33, 0.24][(from - 65) / 5]!;
}

const groupOf = (from: number) => (from < 15 ? 'young' : from < 65 ? 'working' : 'old');

/** Linear between the anchor years 1980, 2000, 2020 and 2045. */
function interpolate(year: number, values: [number, number, number, number]): number {
  const anchors = [1980, 2000, 2020, 2045];
  for (let i = 1; i < anchors.length; i++) {
    if (year <= anchors[i]!) {
      const t = (year - anchors[i - 1]!) / (anchors[i]! - anchors[i - 1]!);
      return values[i - 1]! + t * (values[i]! - values[i - 1]!);
    }
  }
  return values[3];
}

/**
 * Prefecture-level broad groups for 1960–1975, before municipal detail starts: grown backwards from
 * the prefecture's 1980 sums at a rate set by how strongly it drew migrants then.
 */
export function earlyPrefectureGroups(seed: string, leaves: LeafPopulation[]) {
  const rows: { regionCode: string; year: number; ageGroup: string; count: number }[] = [];
  const prefs = [...new Set(leaves.map((l) => l.city.prefCode))];
  for (const prefCode of prefs) {
    const rnd = random(seed, 'early', prefCode);
    const sum = { young: 0, working: 0, old: 0, unknown: 0 };
    for (const leaf of leaves) {
      if (leaf.city.prefCode !== prefCode) continue;
      const y = leaf.byYear.get(FIRST_DETAIL_YEAR)!;
      CLASSES.forEach((from, i) => (sum[groupOf(from)] += y.man[i]! + y.woman[i]!));
      sum.unknown += leaf.unknown.get(FIRST_DETAIL_YEAR) ?? 0;
    }
    const total1980 = sum.young + sum.working + sum.old + sum.unknown;
    const a = attraction(prefCode);
    const trend = -0.02 + 0.12 * a;
    let people = total1980;
    // Walk back from 1980: each five-year step has its own growth around the prefecture's trend.
    for (const year of range(FIRST_YEAR, FIRST_DETAIL_YEAR - 5, 5).reverse()) {
      people /= 1 + trend + 0.02 * rnd.normal();
      const t = (year - FIRST_YEAR) / (FIRST_DETAIL_YEAR - FIRST_YEAR);
      const old = (1 - t) * (0.055 + 0.015 * (1 - a)) + (t * sum.old) / total1980 + 0.002 * rnd.normal();
      const young = (1 - t) * (0.3 + 0.03 * (1 - a)) + (t * sum.young) / total1980 + 0.004 * rnd.normal();
      const unknown = 0.0002 * Math.abs(1 + rnd.normal());
      const counts = { young: people * young, working: people * (1 - old - young - unknown), old: people * old, unknown: people * unknown };
      for (const [ageGroup, n] of Object.entries(counts)) rows.push({ regionCode: String(prefCode).padStart(2, '0'), year, ageGroup, count: Math.round(n) });
    }
  }
  return rows.sort((a, b) => (a.regionCode < b.regionCode ? -1 : a.regionCode > b.regionCode ? 1 : a.year - b.year));
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
