// The two economy series by company (municipality/value and labor perYear): one declaration each, made
// here from what differs: the figure a selection's value added and employees give, and whether the
// selection's codes are echoed beside its names (the original's labor echoes names only).

import { z } from 'zod';
import type { Canonical } from '../../runtime/params.ts';
import { defineOperation, regionOf } from '../operation.ts';
import {
  censusYearParam,
  economyState,
  selectionDomains,
  selectionEcho,
  selectionParams,
  selectionResult,
} from './industry-selection.ts';
import { barsOverYears } from './kit.ts';

type Cell = { valueAdded: number; employees: number };

export function economyOperation(o: {
  path: string;
  title: string;
  titleEn: string;
  label: string;
  description: string;
  examples: Canonical[];
  /** Whether sicCode and simcCode are echoed after sicName and simcName. */
  echoCodes: boolean;
  value: z.ZodType;
  /** The figure of a selection in the region; `undefined`: the selection is absent there. */
  valueOf: (cell: Cell | undefined) => number | null;
}) {
  return defineOperation({
    title: o.title,
    family: 'industry',
    titleEn: o.titleEn,
    view: barsOverYears(o.label, [{ key: 'concealmentFlg', label: '秘匿 / concealed' }]),
    description: o.description,
    examples: o.examples,
    result: selectionResult(
      z.array(z.strictObject({ year: z.int(), value: o.value, concealmentFlg: z.union([z.literal(0), z.literal(1)]) })),
      { echoCodes: o.echoCodes },
    ),
    route: { path: o.path, params: [censusYearParam(), ...selectionParams()] },
    needs: ['industry_economy', 'industries_broad', 'industries_middle'],
    share: 'prefecture',
    prepare: economyState,
    render({ facts, names }, v, ctx) {
      const region = regionOf(v);
      const year = Number(v.year);
      if (!facts.get(region, '-', '-')?.has(year)) return null;
      return {
        ...selectionEcho(ctx.sources, names, v, o.echoCodes),
        data: [{ year, value: o.valueOf(facts.get(region, v.sicCode, v.simcCode)?.get(year)), concealmentFlg: 0 }],
      };
    },
    routeData: (ctx) => selectionDomains(ctx.sources),
  });
}
