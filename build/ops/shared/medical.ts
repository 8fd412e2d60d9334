// What the two medical analysis operations share: the code list of their secondaryMedicalCode.

import { medicalAreas } from '../../facts/medical.ts';
import type { BuildContext } from '../operation.ts';

/** Area codes per prefecture code, for the secondaryMedicalCode parameter of the rate chart. */
export function areaDomain(ctx: BuildContext): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(ctx.prefs.map((p) => [String(p), [] as string[]]));
  for (const a of medicalAreas(ctx.sources).values()) out[String(a.prefCode)]?.push(a.areaCode);
  return out;
}
