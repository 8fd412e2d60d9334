// What the medical analysis operations share: the code list of their secondaryMedicalCode, their matter2,
// matter1 and year parameters, and the rule of which years exist for each matter2 and region unit.

import { medicalAreas } from '../../facts/medical.ts';
import type { Constraint, IntParam } from '../../runtime/routes.ts';
import { MATTER2, UNIT_NAMES, type Matter2, type MedicalUnit } from '../../../sources/medical-codes.ts';
import { mustGet } from '../../runtime/maps.ts';
import type { BuildContext } from '../operation.ts';

/** Area codes per prefecture code, for the secondaryMedicalCode parameter of the rate chart. */
export function areaDomain(ctx: BuildContext): Record<string, string[]> {
  const out = Object.fromEntries(ctx.prefs.map((p): [string, string[]] => [String(p), []]));
  for (const a of medicalAreas(ctx.sources).values()) out[String(a.prefCode)]?.push(a.areaCode);
  return out;
}

const MATTER2_BY_CODE = new Map(MATTER2.map((m) => [m.code, m]));

/** The matter2 a request names (the resolver checked it against matter2Param's values). */
export const matter2Of = (code: string): Matter2 => mustGet(MATTER2_BY_CODE, code, 'matter2');

/** matter2, any of `list` (the rate charts only those with classes). */
export const matter2Param = (list: Matter2[] = MATTER2): IntParam & { name: 'matter2'; required: true } => ({
  name: 'matter2',
  type: 'int',
  required: true,
  values: list.map((m) => Number(m.code)),
  doc: list.map((m) => `${m.code} ${m.name}`).join('; ') + '.',
});

export const matter1Param = (): IntParam & { name: 'matter1'; required: false; ignored: true } => ({
  name: 'matter1',
  type: 'int',
  required: false,
  values: [1, 2],
  ignored: true,
  doc: '1 demand, 2 supply: implied by matter2.',
});

/** The data year, any of `years`; the constraints say which exist for each value of `by` and region unit. */
export const dataYearParam = (years: readonly number[], by: string): IntParam & { name: 'year'; required: true } => ({
  name: 'year',
  type: 'int',
  required: true,
  min: Math.min(...years),
  max: Math.max(...years),
  doc: `Data year; which years exist depends on ${by} and on the region unit (see constraints in /manifest.json).`,
});

const UNITS: MedicalUnit[] = ['prefecture', 'municipality', 'area'];
const CODE_OF: Record<MedicalUnit, string | undefined> = {
  prefecture: undefined,
  municipality: 'cityCode',
  area: 'secondaryMedicalCode',
};

/**
 * Which years exist for matter2 and the region unit, read from whether the unit codes are given, in the
 * order the operation declares them (its constraint keys follow that order).
 */
export function medicalYearRule(
  codes: readonly ['cityCode', 'secondaryMedicalCode'] | readonly ['secondaryMedicalCode', 'cityCode'],
  list: Matter2[] = MATTER2,
): Constraint {
  const key = (unit: MedicalUnit) => codes.map((c) => (CODE_OF[unit] === c ? '*' : '-')).join('|');
  return {
    param: 'year',
    by: [{ param: 'matter2' }, ...codes.map((param) => ({ param, given: true }))],
    cases: Object.fromEntries(
      list.flatMap((m) =>
        UNITS.map((unit) => [
          `${m.code}|${key(unit)}`,
          { values: (m.years[unit] ?? []).map(String), doc: `for matter2 ${m.code} and ${UNIT_NAMES[unit]}` },
        ]),
      ),
    ),
  };
}
