import { establishmentOperation } from './establishments.ts';

export default establishmentOperation({
  column: 'companies',
  path: '/api/v1/municipality/company/perYear',
  title: '企業数',
  titleEn: 'Companies',
  label: '企業数 / companies',
  meaning: 'The number of companies (企業数, counted where they are based)',
});
