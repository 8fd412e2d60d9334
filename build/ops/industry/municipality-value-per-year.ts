import { z } from 'zod';
import { economyOperation } from './economy.ts';
import { CENSUS_YEARS_TEXT } from './industry-selection.ts';

// Value added of the companies of a region in one industry selection, in 万円 (the sources give million
// yen: ×100). The sources have no concealed cells, so concealmentFlg is always 0.
export default economyOperation({
  title: '付加価値額（企業単位）',
  titleEn: 'Value added (by company)',
  label: '付加価値額 (万円) / value added',
  description: `Value added (付加価値額, 企業単位) in 万円 (10,000 yen) of a prefecture (\`cityCode=-\`) or municipality in an economic census \`year\` (${CENSUS_YEARS_TEXT}), for all industries (\`sicCode=-\`), one broad class (\`simcCode=-\`) or one of its middle classes: \`data\` holds the requested year, with \`concealmentFlg\` 0 (the sources conceal nothing). An industry absent from the region has value 0; a region without any facts that year answers \`null\`. Codes and names of \`-\` are empty, as are \`cityCode\` and \`cityName\` for a whole prefecture.`,
  examples: [
    { year: '2016', prefCode: '13', cityCode: '13101', sicCode: 'I', simcCode: '51' },
    { year: '2012', prefCode: '1', cityCode: '-', sicCode: 'E', simcCode: '-' },
  ],
  path: '/api/v1/municipality/value/perYear',
  echoCodes: true,
  value: z.int(),
  valueOf: (cell) => (cell?.valueAdded ?? 0) * 100,
});
