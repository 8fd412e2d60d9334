// Labels exactly as the original printed them: U+FF5E FULLWIDTH TILDE and U+2192 RIGHTWARDS ARROW.

/** Lower bounds of the 19 five-year age classes, 0–4 … 85–89 and 90 and over. */
export const AGE_FROM = Array.from({ length: 19 }, (_, i) => i * 5);

export function ageClassLabel(from: number): string {
  return from >= 90 ? '90歳～' : `${from}～${from + 4}歳`;
}

/** The broad age groups and the 5-year classes they cover. */
export const AGE_GROUPS = ['young', 'working', 'old'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export function ageGroupOf(from: number): AgeGroup {
  return from < 15 ? 'young' : from < 65 ? 'working' : 'old';
}

export const GROUP_LABEL: Record<AgeGroup, string> = {
  young: '年少人口',
  working: '生産年齢人口',
  old: '老年人口',
};
export const TOTAL_LABEL = '総人口';

/** Net-migration age classes of population/society/forAgeClass (codes 1–3). */
export const MIGRATION_AGE_LABEL: ReadonlyMap<number, string> = new Map([
  [1, '0～14歳'],
  [2, '15～64歳'],
  [3, '65歳～'],
]);

/** Regional blocks of population/society/forArea, by the block codes of migration_by_block. */
export const BLOCK_NAMES = {
  '01': '北海道',
  '02': '東北',
  '03': '北関東',
  '04': '東京圏',
  '05': '中部',
  '06': '関西',
  '07': '中国',
  '08': '四国',
  '09': '九州・沖縄',
} as const;

export const periodLabel = (from: number) => `${from}年→${from + 5}年`;
export const transitionLabel = (from: number) => `${ageClassLabel(from)}→${ageClassLabel(from + 5)}`;
