// The official guest nights in place of the synthetic ones (sources/official/prefecture-stays.csv): for
// each prefecture and calendar year SSDSE gives, the nights of the facilities of 10 or more employees
// (size classes 2–4: 10～29人, 30～99人, 100人以上) add up exactly to the official all and foreign
// figures, Japanese = all − foreign, spread over months, types and size classes as the synthetic ones
// were. The survey counts the facilities of 0–9 employees too, but SSDSE does not give them: their
// nights stay synthetic, scaled by the same factors so that their share stays what the sample drew.

import { prefectureStays } from '../official-statistics.ts';
import { apportion } from './fit.ts';

/** A row of accommodation_stays as generated: room and capacity cells empty where the survey counts none. */
export interface StayOut {
  prefCode: string;
  month: string;
  typeCode: number;
  sizeCode: number;
  japaneseGuests: number;
  foreignGuests: number;
  roomsOccupied: number | '';
  roomsAvailable: number | '';
  capacity: number | '';
}

/** The size class of the facilities of 0–9 employees, which the official figures leave out. */
const UNCOUNTED_SIZE = 1;

const sum = (rows: StayOut[], f: (r: StayOut) => number) => rows.reduce((a, r) => a + f(r), 0);

/** Every row in place: each prefecture-year with official figures fitted under them. */
export function fitOfficialStays(rows: StayOut[]): void {
  // Keyed prefCode * 10000 + year.
  const groups = new Map<number, StayOut[]>();
  for (const r of rows) {
    const key = Number(r.prefCode) * 10000 + Number(r.month.slice(0, 4));
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  for (const [key, group] of groups) {
    const official = prefectureStays(Math.floor(key / 10000), key % 10000);
    if (!official) continue; // a year SSDSE does not give: synthetic
    const counted = group.filter((r) => r.sizeCode !== UNCOUNTED_SIZE);
    const japanese = official.guests - official.foreignGuests;
    const factors = {
      japanese:
        japanese /
        Math.max(
          1,
          sum(counted, (r) => r.japaneseGuests),
        ),
      foreign:
        official.foreignGuests /
        Math.max(
          1,
          sum(counted, (r) => r.foreignGuests),
        ),
    };
    fitCounted(counted, japanese, official.foreignGuests);
    for (const r of group.filter((r) => r.sizeCode === UNCOUNTED_SIZE)) {
      r.japaneseGuests = Math.round(r.japaneseGuests * factors.japanese);
      r.foreignGuests = Math.round(r.foreignGuests * factors.foreign);
    }
  }
}

/**
 * The counted rows' guests apportioned to the official totals in proportion to the synthetic ones; each
 * row's rooms and capacity scaled as its guests were, so that the occupancy rates stay close to what the
 * sample drew (they move by a few tenths of a point, as rows' foreign shares differ).
 */
function fitCounted(rows: StayOut[], japanese: number, foreign: number): void {
  const jp = apportion(
    japanese,
    rows.map((r) => r.japaneseGuests),
  );
  const fg = apportion(
    foreign,
    rows.map((r) => r.foreignGuests),
  );
  rows.forEach((r, i) => {
    const before = r.japaneseGuests + r.foreignGuests;
    [r.japaneseGuests, r.foreignGuests] = [jp[i] ?? 0, fg[i] ?? 0];
    const guests = r.japaneseGuests + r.foreignGuests;
    if (r.roomsAvailable === '' || r.roomsOccupied === '' || r.capacity === '') return;
    const f = before > 0 ? guests / before : 1;
    r.roomsAvailable = Math.round(r.roomsAvailable * f);
    r.roomsOccupied = Math.min(r.roomsAvailable, Math.round(r.roomsOccupied * f));
    r.capacity = Math.max(guests, Math.round(r.capacity * f));
  });
}
