import { occupancyOperation } from './occupancy.ts';

// 客室稼働率: rooms occupied over rooms available, in percent to one decimal.
export default occupancyOperation({
  path: '/api/v1/tourism/hotelAnalysis/guestRoomLine',
  title: '客室稼働率の推移',
  titleEn: 'Room occupancy rate',
  label: '客室稼働率 / room occupancy (%)',
  description:
    "Room occupancy of the accommodation of a prefecture, in percent to one decimal: rooms occupied over rooms available, every class first (`すべての施設タイプ` or `すべての従業者規模`), then each class by accommodation type (`display=2`) or employee-size class (`display=1`). `unit=0` gives one rate a year (of the year's rooms, `month` 0), `unit=1` one a month. The survey counts the rooms of facilities of ten or more employees only: the 0～9人 class is `null`, and the other classes and every class are rates over the counted facilities.",
  counts: (r) => [r.roomsOccupied, r.roomsAvailable],
});
