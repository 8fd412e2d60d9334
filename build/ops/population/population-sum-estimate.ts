import { z } from 'zod';
import { populationFacts } from '../../facts/population.ts';
import { vitalFacts } from '../../facts/vital.ts';
import { TOTAL_LABEL } from '../../runtime/render/labels.ts';
import { EVENT_SERIES, estimateComposer, renderEstimate } from '../../runtime/render/vital.ts';
import { defineOperation, regionOf } from '../operation.ts';
import { POPULATION_NEEDS, regionParams, seriesView } from './kit.ts';
import { count, tupleOf, year, yearValue } from '../result.ts';

const PATH = '/api/v1/population/sum/estimate';

// The total population comes from the population facts (the same people as composition/perYear), the
// four event series from vital_events; addArea sums both kinds of counts from the regions' own files.
export default defineOperation({
  title: '出生数・死亡数／転入数・転出数',
  family: 'population',
  titleEn: 'Births, deaths, in-migrants and out-migrants',
  view: seriesView([{ path: 'data[].data[]' }], '人数 / people', 'boundaryYear', {
    panels: [
      { series: [TOTAL_LABEL], label: '総人口 / population' },
      // Moves run to hundreds of thousands a year in Tokyo, births and deaths to a fraction of that.
      { series: EVENT_SERIES.slice(0, 2).map(([, label]) => label), label: '転入・転出（年間） / moves a year' },
      {
        series: EVENT_SERIES.slice(2).map(([, label]) => label),
        label: '出生・死亡（年間） / births and deaths a year',
      },
    ],
  }),
  description:
    "The population of a prefecture (`cityCode=-`) or municipality and what changed it, as five series in `data`: `総人口` (all residents per census year and projection year; years after `boundaryYear` are projections), then per calendar year `転入数` (in-migrants), `転出数` (out-migrants), `出生数` (births) and `死亡数` (deaths). Values are people (the original's docs say 千人, its responses count people). `総人口` starts with the first population year not before the year before the first event year (the real 2019 data: events from 1994, `総人口` from 1995). The years are those the tables hold; the sample holds the original's last release: prefectures `総人口` 1960–2045 and events 1960–2021, municipalities `総人口` 1995–2045 and events 1994–2021. Over a census interval, the events of the five calendar years after the first census (Y+1 … Y+5) add up to the change of the total population. A prefecture's in- and out-migrants are its municipalities' summed, moves between them included. `addArea` adds other regions' counts (the years every region has).",
  examples: [
    { prefCode: '13', cityCode: '-' },
    { prefCode: '1', cityCode: '01202' },
    { prefCode: '13', cityCode: '13101', addArea: '13_13102' },
  ],
  result: z
    .strictObject({
      boundaryYear: year,
      data: tupleOf([
        z.strictObject({ label: z.literal(TOTAL_LABEL), data: z.array(yearValue(count)) }),
        ...EVENT_SERIES.map(([, label]) =>
          z.strictObject({ label: z.literal(label), data: z.array(yearValue(count)) }),
        ),
      ]),
    })
    .nullable(),
  route: {
    path: PATH,
    params: regionParams(),
    compose: { param: 'addArea', from: PATH, composer: estimateComposer },
  },
  needs: [...POPULATION_NEEDS, 'vital_events'],
  share: 'prefecture',
  prepare: (ctx) => ({ population: populationFacts(ctx.sources), vital: vitalFacts(ctx.sources) }),
  render({ population, vital }, v) {
    const region = regionOf(v);
    const counts = population.perYear.get(region);
    const events = vital.events.get(region);
    const [first] = events ?? [];
    if (!counts || !events || !first) return null;
    // The series starts where the events do: the events of Y+1 … Y+5 explain the change from Y, so the
    // first population year shown is the first one from the year before the first event year on.
    const start = first.year - 1;
    return renderEstimate({
      boundaryYear: counts.boundaryYear,
      population: counts.years.filter((y) => y.year >= start).map((y) => ({ year: y.year, value: y.total })),
      events,
    });
  },
});
