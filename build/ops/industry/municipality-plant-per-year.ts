import { establishmentOperation } from './establishments.ts';

export default establishmentOperation({
  column: 'plants',
  path: '/api/v1/municipality/plant/perYear',
  title: '事業所数',
  titleEn: 'Establishments',
  label: '事業所数 / establishments',
  meaning: 'The number of establishments (事業所数)',
});
