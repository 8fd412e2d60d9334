import { ratio } from '../../runtime/rounding.ts';
import { economyOperation } from './economy.ts';
import { CENSUS_YEARS_TEXT } from './industry-selection.ts';
import { quotient } from '../result.ts';

// Labour productivity: value added per employee in thousand yen, whole (the sources give million yen:
// ×1000 / employees, half away from zero). The original echoes names only, no codes.
export default economyOperation({
  title: '労働生産性（企業単位）',
  titleEn: 'Labour productivity (by company)',
  label: '労働生産性 (千円/人) / value added per employee',
  description: `Labour productivity (労働生産性, 企業単位): value added per employee in thousand yen (千円/人, whole) of a prefecture (\`cityCode=-\`) or municipality in an economic census \`year\` (${CENSUS_YEARS_TEXT}), for all industries (\`sicCode=-\`), one broad class (\`simcCode=-\`) or one of its middle classes, from the summed value added and employees. \`data\` holds the requested year, with \`concealmentFlg\` 0 (the sources conceal nothing). \`value\` is \`null\` where the industry has no employees in the region; a region without any facts that year answers \`null\`. As in the original, only the names of the selection are echoed (empty for \`-\`), and \`cityCode\`, \`cityName\` are empty for a whole prefecture.`,
  examples: [
    { year: '2016', prefCode: '13', cityCode: '13105', sicCode: 'I', simcCode: '51' },
    { year: '2012', prefCode: '1', cityCode: '-', sicCode: '-', simcCode: '-' },
  ],
  path: '/api/v1/municipality/labor/perYear',
  echoCodes: false,
  value: quotient,
  valueOf: (cell) => (cell ? ratio(cell.valueAdded * 1000, cell.employees, 0) : null),
});
