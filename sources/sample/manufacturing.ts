// Synthetic shipments of manufactured goods (製造品出荷額等, 工業統計), yearly 2008–2020, by municipality and
// manufacturing middle class: the people industry_economy employs in the class (2012 and 2016, drifting
// before, between and after) times a shipment per employee typical of the class, with the 2009 slump and
// the 2020 dip of the economy as a whole.

import { INDUSTRIES_MIDDLE } from './classifications.ts';
import { industryEconomy } from './industry.ts';
import { leavesOf, type LeafPopulation } from './population.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

const SHIPMENT_YEARS = Array.from({ length: 13 }, (_, i) => 2008 + i);
/**
 * Shipments per employee, 万円 a year, typical of a class: low for food and textiles, high for fuel. Set
 * so that the sample's manufacturing employees (industry_economy counts more than the census's 7.7
 * million) ship about the national total of the census of manufactures, 320 trillion yen.
 */
const PER_EMPLOYEE: Record<string, number> = {
  '09': 1_300,
  '10': 4_000,
  '11': 800,
  '16': 4_500,
  '17': 25_000,
  '22': 3_500,
  '31': 3_800,
};
const TYPICAL = 2_000;
/** The economy's cycle, relative to 2008. */
const CYCLE: Record<number, number> = { 2008: 1, 2009: 0.8, 2010: 0.88, 2011: 0.88, 2012: 0.87, 2013: 0.86 };

function manufacturingShipments(seed: string, leaves: LeafPopulation[]) {
  const employees = new Map<string, number>();
  for (const r of industryEconomy(seed, leaves)) employees.set(`${r.regionCode}|${r.simcCode}|${r.year}`, r.employees);
  const rows: { regionCode: string; year: number; simcCode: string; shipments: number }[] = [];
  const manufacturing = INDUSTRIES_MIDDLE.filter(([, sic]) => sic === 'E').map(([simc]) => simc);
  for (const leaf of leaves) {
    const code = leaf.city.cityCode;
    const rnd = random(seed, 'manufacturing-shipments', code);
    for (const simc of manufacturing) {
      const e12 = employees.get(`${code}|${simc}|2012`) ?? 0;
      const e16 = employees.get(`${code}|${simc}|2016`) ?? 0;
      const productivity = (PER_EMPLOYEE[simc] ?? TYPICAL) * Math.exp(0.25 * rnd.normal());
      const trend = 0.02 * rnd.normal();
      for (const year of SHIPMENT_YEARS) {
        const noise = Math.exp(0.05 * rnd.normal()); // drawn every year, so that an absent class shifts no other draw
        const e =
          year <= 2012
            ? e12 * Math.exp(trend * (year - 2012))
            : year <= 2016
              ? e12 + ((e16 - e12) * (year - 2012)) / 4
              : e16 * Math.exp(trend * (year - 2016));
        if (e12 === 0 && e16 === 0) continue;
        const cycle = CYCLE[year] ?? (year === 2020 ? 0.86 : 0.9 + 0.01 * (year - 2014));
        rows.push({ regionCode: code, year, simcCode: simc, shipments: Math.round(e * productivity * cycle * noise) });
      }
    }
  }
  return rows;
}

export const SAMPLE = {
  manufacturing_shipments: (d) => csvOf('manufacturing_shipments', manufacturingShipments(d.seed, leavesOf(d))),
} satisfies SampleTables;
