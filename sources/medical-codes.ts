// What medicalWelfare/medicalAnalysis/chart and rate chart: their data types (matter2), the classification
// scheme each is charted by (its codes in medical-classes.ts), and two tables of data years per region
// unit: the chart's, as a client crawled the original (K-Oxon/get_resas, 2024), and rate's, its
// documentation's, which is narrower. The operations derive from them which parameters take effect, the
// year and dataKbn rules, and their enumeration; the sample provider generates facts for the chart's years.
// Pure data at the bottom layer, so the sample provider and the build both read it without importing upward.

/** `total`: no classes, the count alone (matter2 203, 206, 208, whose broadCategoryCode a client gives as -). */
export type MedicalScheme = 'disease' | 'department' | 'doctor' | 'bed' | 'nurse' | 'total';
export type MedicalUnit = 'prefecture' | 'municipality' | 'area';

export interface Matter2 {
  code: string;
  /** 1 demand, 2 supply: what the original's matter1 said. */
  matter1: 1 | 2;
  name: string;
  scheme: MedicalScheme;
  /**
   * medicalAnalysis/chart's data years per region unit; a unit without years is unavailable for this
   * matter2. Those K-Oxon/get_resas asked the original for (src/get_resas/config/medical_analysis.py: the
   * municipalities and the secondary areas), and the prefectures in every year of either or of rate's.
   */
  years: Partial<Record<MedicalUnit, number[]>>;
  /**
   * medicalAnalysis/rate's, as its documentation's table gives them (rate's cityCode takes effect for 204
   * and 205 only); absent where rate does not chart the matter2 (it has no classes to compose).
   */
  rate?: Partial<Record<MedicalUnit, number[]>>;
}

const every = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Years the chart and rate share: rate's documented table, where the client asked the chart for no others. */
const alike = (years: Matter2['years']) => ({ years, rate: years });

export const MATTER2: Matter2[] = [
  {
    code: '102',
    matter1: 1,
    name: '病院の推計入院患者数（傷病分類別）',
    scheme: 'disease',
    ...alike({ prefecture: every(2002, 2020, 3), area: every(2014, 2020, 3) }),
  },
  {
    code: '103',
    matter1: 1,
    name: '推計外来患者数（傷病分類別）',
    scheme: 'disease',
    ...alike({ prefecture: every(2002, 2020, 3) }),
  },
  // 201 and 202: the client asked for municipalities 2002–2020 (rate documents prefectures from 2008 only).
  {
    code: '201',
    matter1: 2,
    name: '病院数（診療科別）',
    scheme: 'department',
    years: { prefecture: every(2002, 2020, 3), municipality: every(2002, 2020, 3), area: every(2014, 2020, 3) },
    rate: { prefecture: every(2008, 2020, 3), area: every(2014, 2020, 3) },
  },
  {
    code: '202',
    matter1: 2,
    name: '一般診療所数（診療科別）',
    scheme: 'department',
    years: { prefecture: every(2002, 2020, 3), municipality: every(2002, 2020, 3), area: every(2014, 2020, 3) },
    rate: { prefecture: every(2008, 2020, 3), area: every(2014, 2020, 3) },
  },
  // 203, 206 and 208 are named by a client that called toTransition with them (shared research,
  // remaining-operations.md #24) and have no documented years; these are those K-Oxon/get_resas asked for.
  {
    code: '203',
    matter1: 2,
    name: '歯科診療所数',
    scheme: 'total',
    years: { prefecture: every(2002, 2020, 3), municipality: every(2002, 2020, 3), area: every(2014, 2020, 3) },
  },
  {
    code: '204',
    matter1: 2,
    name: '病床数（病床種類別）',
    scheme: 'bed',
    ...alike({ prefecture: every(2002, 2020, 3), municipality: every(2002, 2020, 3), area: every(2014, 2020, 3) }),
  },
  {
    code: '205',
    matter1: 2,
    name: '医師数（主たる診療科別）',
    scheme: 'doctor',
    ...alike({ prefecture: every(2008, 2020, 2), municipality: every(2008, 2020, 2), area: every(2014, 2020, 2) }),
  },
  {
    code: '206',
    matter1: 2,
    name: '歯科医師数',
    scheme: 'total',
    years: { prefecture: every(2000, 2020, 2), municipality: every(2000, 2020, 2), area: every(2014, 2020, 2) },
  },
  {
    code: '207',
    matter1: 2,
    name: '看護師・准看護師数（病院・診療所別）',
    scheme: 'nurse',
    ...alike({ prefecture: every(2000, 2020, 2) }),
  },
  {
    code: '208',
    matter1: 2,
    name: '薬剤師数',
    scheme: 'total',
    years: { prefecture: every(2000, 2020, 2), municipality: every(2000, 2020, 2), area: every(2014, 2020, 2) },
  },
];

/**
 * The matter2 medicalAnalysis/rate charts the composition of (those with classes), each with rate's years
 * in place of the chart's, so that what reads `years` (the year rule, which parameters take effect, the
 * enumeration) reads rate's.
 */
export const COMPOSED: Matter2[] = MATTER2.flatMap((m) => (m.rate ? [{ ...m, years: m.rate }] : []));

export const UNIT_NAMES: Record<MedicalUnit, string> = {
  prefecture: 'a prefecture',
  municipality: 'a municipality (cityCode)',
  area: 'a secondary medical area (secondaryMedicalCode)',
};

/** The matter2 codes of `list` for which a unit is available. */
export const mattersWith = (unit: MedicalUnit, list: Matter2[] = MATTER2) =>
  list.filter((m) => m.years[unit]).map((m) => m.code);

/** Every data year of any matter2 of `list` and unit, ascending. */
export const yearsOf = (list: Matter2[]) =>
  [...new Set(list.flatMap((m) => Object.values(m.years).flat()))].sort((a, b) => a - b);

export const ALL_YEARS = yearsOf(MATTER2);
