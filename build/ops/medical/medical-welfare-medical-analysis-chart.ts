import type { Sources } from '../../../sources/load.ts';
import { countKey, medicalClassesOf, medicalFacts, type MedicalFacts } from '../../facts/medical.ts';
import { CENSUS_TABLES, censusAt } from '../../facts/population.ts';
import { ratio } from '../../runtime/rounding.ts';
import type { Constraint } from '../../runtime/routes.ts';
import { defineOperation, prefCode, type BuildContext } from '../operation.ts';
import { ALL_YEARS, MATTER2, type Matter2, type MedicalUnit } from '../../../sources/medical-codes.ts';
import { ALL_CLASSES_NAME, ALL_MIDDLES_NAME } from '../../../sources/medical-classes.ts';
import { mustGet } from '../../runtime/maps.ts';
import { dataYearParam, matter1Param, matter2Of, matter2Param, medicalYearRule } from './kit.ts';
import {
  REGION_CHART_VIEW,
  classSelections,
  countryPrefectures,
  municipalitiesOf,
  presenceCity,
  regionChart,
  regionChartResult,
  selectionKey,
  selectionRules,
  unitOf,
  type ClassSelection,
} from './chart.ts';

// Regional comparison of medical supply and demand (医療需給 地域間比較): one matter2 and class selection
// for every prefecture, every municipality of a prefecture, or every secondary medical area, as counts or
// per 100,000 residents. The original answered every municipality or area code alike (a client's notes:
// "any code returns them all"), so those two are presence parameters: one file per unit, not per code.

interface State {
  facts: MedicalFacts;
  /** Every matter2's class selections, by selectionKey. */
  selections: Map<string, ClassSelection>;
  /** Census populations by `region|year`, as read. */
  people: Map<string, number | undefined>;
}

/** The class selections of a matter2's scheme, as the sources give its classes (the sample's, or a table's). */
const selectionsOf = (classes: MedicalFacts['classes'], m: Matter2) => classSelections(m, classes[m.scheme]);

/** The class codes of each matter2 (broad) and broad category (middle), from the sources' classes. */
const classRules = (classes: MedicalFacts['classes']): Constraint[] =>
  selectionRules(
    MATTER2,
    (m) => selectionsOf(classes, m),
    { matter: 'matter2', broad: 'broadCategoryCode', middle: 'middleCategoryCode' },
    { broad: broadDoc, middle: middleDoc },
  );

/** The broad rule's doc, naming code 00 as the original's code lists did. */
function broadDoc(m: Matter2): string {
  if (m.scheme === 'total') return `for matter2 ${m.code} (00 or -: the count, which has no classes)`;
  return `for matter2 ${m.code} (00 ${ALL_CLASSES_NAME[m.scheme] ?? 'all classes'})`;
}

/** The middle rule's doc, naming the code for all of the broad class as the disease code list did. */
const middleDoc = (m: Matter2, broad: string) =>
  `for matter2 ${m.code} and broadCategoryCode ${broad} (${m.scheme === 'disease' ? `${broad}0 ${ALL_MIDDLES_NAME}` : '- all of it'})`;

export default defineOperation({
  title: '医療需給 地域間比較',
  family: 'medical',
  titleEn: 'Medical demand and supply by region',
  view: REGION_CHART_VIEW,
  description:
    'One figure of medical demand or supply (`matter2`, such as `102` inpatients by disease or `204` beds) for a class (`broadCategoryCode` `00` all classes, and `middleCategoryCode`) in `year`, for every region of one kind: every prefecture of the build; with any `cityCode`, every municipality of `prefCode`; with any `secondaryMedicalCode`, every secondary medical area of the build. The original answered every municipality or area code alike, so each is read only for being given (canonically `any`). `dispType` `2` gives the figure per 100,000 residents (1 decimal) of the census at or before `year`; `sort` `1` orders by value, largest first, `2` by code.',
  examples: [
    {
      prefCode: '13',
      matter2: '102',
      broadCategoryCode: '00',
      middleCategoryCode: '000',
      secondaryMedicalCode: '-',
      cityCode: '-',
      year: '2020',
      dispType: '1',
      sort: '1',
    },
    {
      prefCode: '13',
      matter2: '204',
      broadCategoryCode: '00',
      middleCategoryCode: '-',
      secondaryMedicalCode: '-',
      cityCode: 'any',
      year: '2020',
      dispType: '2',
      sort: '2',
    },
    {
      prefCode: '1',
      matter2: '205',
      broadCategoryCode: '00',
      middleCategoryCode: '-',
      secondaryMedicalCode: 'any',
      year: '2016',
      dispType: '1',
      sort: '1',
    },
  ],
  result: regionChartResult('secondary_medical_cd'),
  route: {
    path: '/api/v1/medicalWelfare/medicalAnalysis/chart',
    params: [
      prefCode(),
      matter2Param(),
      {
        name: 'broadCategoryCode',
        type: 'code',
        domain: 'medicalBroadClasses',
        // - only for the matter2 without classes (the class rules say so), as a client of the original sent it.
        all: true,
        required: false,
        default: '00',
        doc: "Broad class of the matter2's scheme, the original's codes (the categories of medicalAnalysis/rate): 00 all classes; 01–20 傷病分類 for 102 and 103, 01–43 診療科 for 201 and 202 (40–43 dental) and for 205 (40–43 臨床研修医, 全科, その他, 不詳), 01–05 病床の種類 for 204, 01 病院 and 02 診療所 for 207; 00 or - for 203, 206 and 208, which have no classes.",
      },
      {
        name: 'middleCategoryCode',
        type: 'code',
        domain: 'medicalMiddleClasses',
        all: true,
        required: false,
        default: '-',
        doc: 'Middle class of the broad class for matter2 102 and 103 (such as 011), all of it being the broad code followed by 0 (000, 010); - for the others, which have no middle classes.',
      },
      {
        name: 'secondaryMedicalCode',
        type: 'presence',
        syntax: '[0-9]{4}',
        what: 'a 4-digit secondary medical area code such as 1301',
        required: false,
        default: '-',
        doc: 'Any secondary medical area code: the chart then lists every area. - for none.',
      },
      presenceCity(
        'secondaryMedicalCode',
        'Any municipality code: the chart then lists every municipality of prefCode. - for none; an area code given wins.',
      ),
      dataYearParam(ALL_YEARS, 'matter2'),
      {
        name: 'dispType',
        type: 'int',
        required: false,
        values: [1, 2],
        default: 1,
        doc: '1 counts, 2 per 100,000 residents.',
      },
      {
        name: 'sort',
        type: 'int',
        required: false,
        values: [1, 2],
        default: 1,
        doc: '1 by value, largest first; 2 by code.',
      },
      matter1Param(),
    ],
    constraints: [medicalYearRule(['secondaryMedicalCode', 'cityCode'])],
  },
  needs: ['medical_classes', 'medical_counts', 'medical_areas'],
  mayRead: CENSUS_TABLES,
  // Its all-class figures are the counts summed, official for some matter2 and years (the origin's part).
  reads: { medical_counts: ['count'] },
  prepare: (ctx): State => {
    const facts = medicalFacts(ctx.sources);
    const selections = MATTER2.flatMap((m) =>
      selectionsOf(facts.classes, m).map((s): [string, ClassSelection] => [selectionKey(m.code, s.broad, s.middle), s]),
    );
    return { facts, selections: new Map(selections), people: new Map() };
  },
  render(state, v, ctx) {
    const m = matter2Of(v.matter2);
    const key = selectionKey(m.code, v.broadCategoryCode, v.middleCategoryCode);
    const selection = mustGet(state.selections, key, 'class selection');
    const { unit, code } = unitOf(v);
    return regionChart(
      {
        sort: v.sort,
        dispType: v.dispType,
        matter1: String(m.matter1),
        matter2: m.code,
        broadCategoryCode: v.broadCategoryCode,
        middleCategoryCode: v.middleCategoryCode,
        year: v.year,
        prefecture_cd: v.prefCode,
        municipality_cd: v.cityCode ?? '-',
      },
      ['secondary_medical_cd', v.secondaryMedicalCode],
      code ?? v.prefCode,
      regionsOf(ctx, state.facts, unit, v.prefCode),
      (r) => value(state, ctx.sources, m, selection, v, r.key),
    );
  },
  // The class rules read the sources' classes, so they join the route where the route table is made.
  routeConstraints: (ctx) => classRules(medicalClassesOf(ctx.sources)),
  routeData: (ctx) => {
    const classes = medicalClassesOf(ctx.sources);
    const all = MATTER2.flatMap((m) => selectionsOf(classes, m));
    return {
      domains: {
        medicalBroadClasses: [...new Set(all.map((s) => s.broad).filter((c) => c !== '-'))].sort(),
        medicalMiddleClasses: [...new Set(all.map((s) => s.middle).filter((c) => c !== '-'))].sort(),
      },
    };
  },
});

/**
 * The regions a unit lists, in code order: code and name as printed, key into the counts. Prefectures and
 * areas are the country's, whatever the build's scope, as in the original: a file is the same in every build.
 */
function regionsOf(ctx: BuildContext, facts: MedicalFacts, unit: MedicalUnit, pref: string) {
  if (unit === 'area')
    return [...facts.areas.values()].map((a) => ({ code: a.areaCode, name: a.areaName, key: a.areaCode }));
  if (unit === 'municipality') return municipalitiesOf(ctx, pref);
  return countryPrefectures(ctx);
}

/** The selection's count for a region, or per 100,000 of its census population; null without data. */
function value(
  state: State,
  sources: Sources,
  m: Matter2,
  s: ClassSelection,
  v: { year: string; dispType: string },
  region: string,
): number | null {
  const counts = state.facts.counts.get(countKey(m.code, v.year, region));
  if (!counts) return null;
  const n = s.leaves.reduce((a, c) => a + (counts.get(c) ?? 0), 0);
  if (v.dispType === '1') return n;
  const people = populationAt(state, sources, region, Number(v.year));
  return people ? ratio(n * 100_000, people, 1) : null;
}

/** A region's population at the last census at or before `year` (an area's: its municipalities'), memoized. */
function populationAt(state: State, sources: Sources, region: string, year: number): number | undefined {
  const key = `${region}|${year}`;
  if (!state.people.has(key)) state.people.set(key, censusPopulation(state, sources, region, year));
  return state.people.get(key);
}

function censusPopulation(state: State, sources: Sources, region: string, year: number): number | undefined {
  const area = state.facts.areas.get(region);
  if (!area) return censusAt(sources, region, year)?.total;
  const parts = area.cities.flatMap((c) => populationAt(state, sources, c, year) ?? []);
  return parts.length === area.cities.length ? parts.reduce((a, b) => a + b, 0) : undefined;
}
