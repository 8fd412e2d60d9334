// Synthetic establishment-level manufacturing facts (工業統計 panel), 1990–2010, by prefecture and
// manufacturing middle class: establishments that continue from the year before, that enter, and that
// exit after the year, with their employees and value added (10 thousand yen). The counts chain: those
// continuing into a year are those of the year before that did not exit. Entrants are smaller and less
// productive than continuing plants; leavers are the least productive.

import type { Row } from '../tables.ts';
import { INDUSTRIES_MIDDLE } from './classifications.ts';
import { attraction, population2020 } from './profile.ts';
import { random } from './random.ts';
import { prefCodesOf } from './regions.ts';
import { csvOf, type SampleTables } from './shared.ts';

const PANEL_YEARS = Array.from({ length: 21 }, (_, i) => 1990 + i);
type PanelStatus = 'continuing' | 'entering' | 'exiting';

function manufacturerPanel(seed: string, prefCodes: number[]) {
  const rows: Row<'manufacturer_establishments'>[] = [];
  const classes = INDUSTRIES_MIDDLE.filter(([, sic]) => sic === 'E').map(([simcCode]) => simcCode);
  for (const pref of prefCodes) {
    for (const simcCode of classes) {
      const rnd = random(seed, 'manufacturers', pref, simcCode);
      let all = Math.max(
        3,
        Math.round(((population2020(pref) * 0.0035) / classes.length) * Math.exp(0.9 * rnd.normal())),
      );
      const size = 12 * Math.exp(0.5 * rnd.normal());
      const productivity = (750 + 300 * attraction(pref)) * Math.exp(0.25 * rnd.normal());
      let continuing = all;
      let entering = 0;
      for (const year of PANEL_YEARS) {
        const t = year - 1990;
        const trend = 1 + 0.012 * t;
        const push = (status: PanelStatus, n: number, sizeFactor: number, prodFactor: number) => {
          if (n <= 0) return;
          const employees = Math.max(n, Math.round(n * size * sizeFactor * Math.exp(0.05 * rnd.normal())));
          const valueAdded = Math.round(employees * productivity * prodFactor * trend * Math.exp(0.08 * rnd.normal()));
          rows.push({
            prefCode: String(pref).padStart(2, '0'),
            year,
            simcCode,
            status,
            establishments: n,
            employees,
            valueAdded,
          });
        };
        push('continuing', continuing, 1.05, 1.02);
        if (year > 1990) push('entering', entering, 0.6, 0.85);
        if (year === 2010) break;
        const exiting = Math.min(all, Math.round(all * (0.055 + 0.01 * rnd.normal())));
        push('exiting', exiting, 0.7, 0.75);
        continuing = all - exiting;
        entering = Math.max(0, Math.round(all * (0.035 + 0.01 * rnd.normal())));
        all = continuing + entering;
      }
    }
  }
  return rows;
}

export const SAMPLE = {
  manufacturer_establishments: (d) => csvOf('manufacturer_establishments', manufacturerPanel(d.seed, prefCodesOf(d))),
} satisfies SampleTables;
