// What medicalWelfare/careAnalysis/chart charts: its data types (matter_2), their classes and the data
// years per region unit, as a client of the original (K-Oxon/get_resas, 2024) crawled them and the 2023
// documentation and a 2018 Javadoc name them. Pure data at the bottom layer: the sample provider, the
// build and the tests read it.

export type CareUnit = 'prefecture' | 'municipality' | 'insurer';
/** kinds: the three kinds of care service; levels: the care levels; services: the 25 services; none: one figure. */
type CareScheme = 'kinds' | 'levels' | 'services' | 'none';

export interface CareMatter {
  code: string;
  /** 1 care demand, 2 care supply, 3 premiums and costs: the original's matter1. */
  matter1: 1 | 2 | 3;
  name: string;
  scheme: CareScheme;
  /** An amount of money per insurer (a premium) rather than a count: averaged, not summed, over insurers. */
  premium?: boolean;
  years: Partial<Record<CareUnit, number[]>>;
}

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const CARE_MATTERS: CareMatter[] = [
  { code: '101', matter1: 1, name: '利用者数', scheme: 'kinds', years: { prefecture: span(2014, 2021) } },
  {
    code: '102',
    matter1: 1,
    name: '要介護（要支援）認定者数',
    scheme: 'levels',
    years: { prefecture: span(2006, 2020), insurer: span(2006, 2020) },
  },
  {
    code: '201',
    matter1: 2,
    name: '施設・事業所数',
    scheme: 'services',
    years: { prefecture: [2021], municipality: [2021] },
  },
  {
    code: '202',
    matter1: 2,
    name: '定員数',
    scheme: 'services',
    years: { prefecture: span(2015, 2021), municipality: span(2015, 2021) },
  },
  { code: '203', matter1: 2, name: '介護職員数', scheme: 'none', years: { prefecture: span(2017, 2020) } },
  { code: '204', matter1: 2, name: '看護職員数', scheme: 'none', years: { prefecture: span(2007, 2020) } },
  {
    code: '301',
    matter1: 3,
    name: '介護保険料（第1号被保険者の保険料基準額, 円/月）',
    scheme: 'none',
    premium: true,
    years: { prefecture: span(2012, 2021), insurer: span(2012, 2021) },
  },
  {
    code: '302',
    matter1: 3,
    name: '介護費用（千円）',
    scheme: 'kinds',
    years: { prefecture: span(2010, 2020), insurer: span(2010, 2020) },
  },
];

/** The matter_2 codes whose facts are counts (care_counts.csv); 301, the premium, has a table of its own. */
export const CARE_COUNTED = ['101', '102', '201', '202', '203', '204', '302'] as const;

/** The broad kinds of care service (broad_category_cd 1–3) and their services (middle_category_cd). */
export const CARE_SERVICES: [code: string, name: string, services: [code: string, name: string][]][] = [
  [
    '1',
    '在宅サービス',
    [
      ['101', '訪問介護・介護予防訪問介護'],
      ['102', '訪問入浴介護・介護予防訪問入浴介護'],
      ['103', '訪問看護・介護予防訪問看護'],
      ['104', '訪問リハビリテーション・介護予防訪問リハビリテーション'],
      ['105', '通所介護・介護予防通所介護'],
      ['106', '指定療養通所介護'],
      ['107', '通所リハビリテーション・介護予防通所リハビリテーション'],
      ['108', '福祉用具貸与・介護予防福祉用具貸与'],
      ['109', '短期入所生活介護・介護予防短期入所生活介護'],
      ['110', '短期入所療養介護・介護予防短期入所療養介護'],
      ['111', '特定福祉用具販売'],
      ['112', '介護予防支援・居宅介護支援'],
      ['113', '夜間対応型訪問介護'],
      ['114', '認知症対応型通所介護'],
      ['115', '小規模多機能型居宅介護'],
      ['116', '定期巡回・随時対応型訪問介護看護'],
      ['117', '看護小規模多機能型居宅介護'],
      ['118', '地域密着型通所介護'],
    ],
  ],
  [
    '2',
    '居住系サービス',
    [
      ['201', '認知症対応型共同生活介護'],
      ['202', '特定施設入居者生活介護・介護予防特定施設入居者生活介護'],
      ['203', '地域密着型特定施設入居者生活介護'],
    ],
  ],
  [
    '3',
    '施設サービス',
    [
      ['301', '介護老人福祉施設'],
      ['302', '介護老人保健施設'],
      ['303', '介護療養型医療施設'],
      ['304', '地域密着型介護老人福祉施設入所者生活介護'],
    ],
  ],
];

/** The care levels (要介護度) of matter_2 102, broad_category_cd 1–8. */
export const CARE_LEVELS = [
  '要支援１',
  '要支援２',
  '経過的要介護',
  '要介護１',
  '要介護２',
  '要介護３',
  '要介護４',
  '要介護５',
];

/** The leaf class codes a scheme's facts are given by. */
export function careLeaves(scheme: CareScheme): string[] {
  if (scheme === 'kinds') return CARE_SERVICES.map(([code]) => code);
  if (scheme === 'levels') return CARE_LEVELS.map((_, i) => String(i + 1));
  if (scheme === 'services') return CARE_SERVICES.flatMap(([, , services]) => services.map(([code]) => code));
  return ['-'];
}

/** Every data year of any matter and unit, ascending. */
export const CARE_YEARS = [...new Set(CARE_MATTERS.flatMap((m) => Object.values(m.years).flat()))].sort(
  (a, b) => a - b,
);
