// The industry selection of the municipal industry operations (municipality/value, labor, company,
// plant, employee perYear and industry/power/forArea): sicCode and simcCode, `-` for all, as
// parameters, as the files they enumerate and as the names they echo (the facts are in
// build/facts/selection.ts); and the economic census years they answer.

import { z } from 'zod';
import type { Sources } from '../../../sources/load.ts';
import { industries } from '../../facts/classifications.ts';
import { economyBySelection } from '../../facts/selection.ts';
import { codeOrAll, intParam, type BuildContext } from '../operation.ts';
import { cityCodeText, letterCode, nonEmpty, prefCodeNumber, text, twoDigitCode } from '../result.ts';

/** The economic census years of industry_economy the original answered, as its `year` parameter. */
export const CENSUS_YEARS = [2012, 2016];
/** The years in words, for descriptions: "2012 or 2016". */
export const CENSUS_YEARS_TEXT = CENSUS_YEARS.join(' or ');
export const censusYearParam = () => intParam('year', CENSUS_YEARS, `Economic census year: ${CENSUS_YEARS_TEXT}.`);
export const sicCodeParam = () =>
  codeOrAll('sicCode', 'industriesBroad', 'Industry broad class, or - for all (see /api/v1/industries/broad).');
export const simcCodeParam = () => ({
  ...codeOrAll(
    'simcCode',
    'industriesMiddle',
    'Industry middle class of sicCode, or - for all of it (see /api/v1/industries/middle); with sicCode=-, a middle class names its broad class too, as the original answered it.',
    'sicCode',
  ),
  parentFromCode: true,
});

/** sicCode and simcCode of the manufacturing-only operations: E, and one of its middle classes or - for all. */
export const manufacturingParams = (sicDoc: string) =>
  [
    { name: 'sicCode', type: 'code', domain: 'manufacturing', required: true, doc: sicDoc },
    codeOrAll(
      'simcCode',
      'industriesMiddle',
      'Manufacturing middle class (see /api/v1/industries/middle?sicCode=E), or - for all.',
      'sicCode',
    ),
  ] as const;
/** The code lists of manufacturingParams. */
export const manufacturingDomains = (s: Sources) => ({
  domains: { manufacturing: ['E'], industriesMiddle: industries.domains(s).domains!.industriesMiddle! },
});

/** The code lists sicCode and simcCode are checked against (the industry masters' domains). */
export const selectionDomains = industries.domains;
/** The names of a selection as the responses echo them: empty for `-`. */
export function selectionNames(s: Sources) {
  const broad = new Map(industries.broad(s).map((b) => [b.sicCode, b.sicName]));
  const middle = new Map(industries.middle(s).map((m) => [m.simcCode, m.simcName]));
  return (sicCode: string, simcCode: string) => ({
    sicCode: sicCode === '-' ? '' : sicCode,
    sicName: sicCode === '-' ? '' : broad.get(sicCode)!,
    simcCode: simcCode === '-' ? '' : simcCode,
    simcName: simcCode === '-' ? '' : middle.get(simcCode)!,
  });
}

/** The region a municipal response speaks of: the city members are empty for a whole prefecture. */
export function regionEcho(s: Sources, prefCode: string, cityCode: string) {
  return {
    prefCode: Number(prefCode),
    prefName: s.regions.prefName(prefCode),
    cityCode: cityCode === '-' ? '' : cityCode,
    cityName: cityCode === '-' ? '' : (s.regions.city(cityCode)?.cityName ?? ''),
  };
}

/** A municipal industry response: its region, its selection (names, and codes where echoed), then `data`. */
export function selectionResult(data: z.ZodType, echoCodes = true) {
  const code = (name: string, c: z.ZodType) => (echoCodes ? { [name]: z.union([c, z.literal('')]) } : {});
  return z
    .strictObject({
      prefCode: prefCodeNumber,
      prefName: nonEmpty,
      cityCode: z.union([cityCodeText, z.literal('')]),
      cityName: text,
      sicName: text,
      ...code('sicCode', letterCode),
      simcName: text,
      ...code('simcCode', twoDigitCode),
      data,
    })
    .nullable();
}

/** What such a response echoes before its data, in selectionResult's order. */
export function selectionEcho(
  s: Sources,
  names: ReturnType<typeof selectionNames>,
  v: { prefCode: string; cityCode: string; sicCode: string; simcCode: string },
  echoCodes = true,
) {
  const n = names(v.sicCode, v.simcCode);
  return {
    ...regionEcho(s, v.prefCode, v.cityCode),
    sicName: n.sicName,
    ...(echoCodes ? { sicCode: n.sicCode } : {}),
    simcName: n.simcName,
    ...(echoCodes ? { simcCode: n.simcCode } : {}),
  };
}

/** What the operations over industry_economy by selection render from (value, labor perYear, power/forArea). */
export const economyState = (ctx: BuildContext) => ({
  facts: economyBySelection(ctx.sources, ctx.prefs),
  names: selectionNames(ctx.sources),
});
