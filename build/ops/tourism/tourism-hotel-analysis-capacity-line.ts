import { occupancyOperation } from './occupancy.ts';

// 定員稼働率: guest nights over capacity (person-nights), in percent to one decimal, of the facilities
// whose capacity is counted.
export default occupancyOperation({
  path: '/api/v1/tourism/hotelAnalysis/capacityLine',
  title: '定員稼働率の推移',
  titleEn: 'Capacity occupancy rate',
  label: '定員稼働率 / capacity occupancy (%)',
  description:
    "Capacity occupancy of the accommodation of a prefecture, in percent to one decimal: guest nights over capacity (beds times days), every class first (`すべての施設タイプ` or `すべての従業者規模`), then each class by accommodation type (`display=2`) or employee-size class (`display=1`). `unit=0` gives one rate a year (of the year's sums, `month` 0), `unit=1` one a month. The survey counts the capacity of facilities of ten or more employees only: the 0～9人 class is `null`, and the other classes and every class are rates over the counted facilities.",
  counts: (r) => [r.capacity == null ? undefined : r.countedGuests, r.capacity],
});
