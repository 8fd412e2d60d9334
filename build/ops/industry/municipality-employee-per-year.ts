import { establishmentOperation } from './establishments.ts';

export default establishmentOperation({
  column: 'employees',
  path: '/api/v1/municipality/employee/perYear',
  title: '従業者数（事業所単位）',
  titleEn: 'Employees (by establishment)',
  label: '従業者数 / employees',
  meaning: 'The number of persons engaged at establishments (従業者数, 事業所単位)',
});
