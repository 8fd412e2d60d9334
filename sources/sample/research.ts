// Synthetic research and development of companies by prefecture, fiscal years 2010–2020: how many
// companies spend on it, what they spend and what they sell (million yen), manufacturers and the others.
// Head offices gather in big cities, so spending concentrates there; manufacturers spend about 3 % of
// their sales, the others under 1 %; spending grows about 2 % a year and dips in 2020.

import { attraction, population2020 } from './profile.ts';
import { random } from './random.ts';
import { csvOf, type SampleTables } from './shared.ts';

const RESEARCH_YEARS = Array.from({ length: 11 }, (_, i) => 2010 + i);

const INDUSTRY = {
  manufacturing: { firms: 110, spend: 700, intensity: 0.03 },
  nonmanufacturing: { firms: 70, spend: 250, intensity: 0.008 },
} as const;

function researchExpenses(seed: string) {
  const rows: { prefCode: string; year: number; industry: string; firms: number; expense: number; sales: number }[] =
    [];
  for (let pref = 1; pref <= 47; pref++) {
    for (const [industry, p] of Object.entries(INDUSTRY)) {
      const rnd = random(seed, 'research', pref, industry);
      const headOffices = (0.4 + attraction(pref)) ** 2;
      const firms0 = (population2020(pref) / 1e6) * p.firms * (0.6 + attraction(pref)) * Math.exp(0.2 * rnd.normal());
      const perFirm = p.spend * headOffices * Math.exp(0.25 * rnd.normal());
      const intensity = p.intensity * Math.exp(0.2 * rnd.normal());
      for (const year of RESEARCH_YEARS) {
        const t = year - 2010;
        const slump = year === 2020 ? 0.94 : 1;
        const firms = Math.max(1, Math.round(firms0 * (1 + 0.01 * t) * Math.exp(0.03 * rnd.normal())));
        const expense = Math.round(firms * perFirm * 1.01 ** t * slump * Math.exp(0.05 * rnd.normal()));
        const sales = Math.round((expense / intensity) * Math.exp(0.04 * rnd.normal()));
        rows.push({ prefCode: String(pref).padStart(2, '0'), year, industry, firms, expense, sales });
      }
    }
  }
  return rows;
}

export const SAMPLE = {
  research_expenses: (d) => csvOf('research_expenses', researchExpenses(d.seed)),
} satisfies SampleTables;
