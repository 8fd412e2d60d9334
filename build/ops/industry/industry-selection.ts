// The industry selection of the municipal industry operations (municipality/value, labor, company,
// plant, employee perYear and industry/power/forArea): sicCode and simcCode, `-` for all, as
// parameters, as the files they enumerate and as the names they echo (the facts are in
// build/facts/selection.ts); and the economic census years they answer.

import { z } from 'zod';
import type { Sources } from '../../../sources/load.ts';
import { byParent, industries } from '../../facts/classifications.ts';
import { economyBySelection } from '../../facts/selection.ts';
import { mustGet } from '../../runtime/maps.ts';
import { cityCode, codeOrAll, intParam, prefCode, type BuildContext, type Values } from '../operation.ts';
import { cityCodeText, letterCode, nonEmpty, prefCodeNumber, text, twoDigitCode } from '../result.ts';

/** The economic census years of industry_economy the original answered, as its `year` parameter. */
const CENSUS_YEARS = [2012, 2016];
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

/** The parameters of a municipal industry series: the region, then the industry selection. */
export const selectionParams = () => [prefCode(), cityCode(), sicCodeParam(), simcCodeParam()] as const;
/** The values of a file of such a series. */
type SelectionValues = Values<ReturnType<typeof selectionParams>>;

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
  domains: { manufacturing: ['E'], industriesMiddle: byParent(s, 'industries_middle', 'sicCode', 'simcCode') },
});

/** The code lists sicCode and simcCode are checked against (the industry masters' domains). */
export const selectionDomains = industries.domains;

/** A class code as the responses echo it, and its name: both empty for `-` (all classes). */
export function classEcho(code: string, names: ReadonlyMap<string, string>, what: string) {
  return code === '-' ? { code: '', name: '' } : { code, name: mustGet(names, code, what) };
}

/** The names of a selection as the responses echo them: empty for `-`. */
export function selectionNames(s: Sources) {
  const broad = new Map(industries.broad(s).map((b) => [b.sicCode, b.sicName]));
  const middle = new Map(industries.middle(s).map((m) => [m.simcCode, m.simcName]));
  return (sicCode: string, simcCode: string) => {
    const sic = classEcho(sicCode, broad, 'industry broad class');
    const simc = classEcho(simcCode, middle, 'industry middle class');
    return { sicCode: sic.code, sicName: sic.name, simcCode: simc.code, simcName: simc.name };
  };
}

/** A broad class code echoed, empty for all; and a middle class code. */
export const broadCodeEcho = z.union([letterCode, z.literal('')]);
export const middleCodeEcho = z.union([twoDigitCode, z.literal('')]);

/** The region a municipal response speaks of, as its result declares it: the city members are empty for a whole prefecture. */
export const regionEchoResult = {
  prefCode: prefCodeNumber,
  prefName: nonEmpty,
  cityCode: z.union([cityCodeText, z.literal('')]),
  cityName: text,
};

/** The region a municipal response speaks of: the city members are empty for a whole prefecture. */
export function regionEcho(s: Sources, prefCode: string, cityCode: string) {
  return {
    prefCode: Number(prefCode),
    prefName: s.regions.prefName(prefCode),
    cityCode: cityCode === '-' ? '' : cityCode,
    cityName: cityCode === '-' ? '' : (s.regions.city(cityCode)?.cityName ?? ''),
  };
}

/**
 * A municipal industry response: its region, its selection (names, and codes where echoed), then `data`.
 * `city: false`: a prefecture's alone (municipality/wages/perYear), without the city members.
 */
export function selectionResult(data: z.ZodType, o: { echoCodes?: boolean; city?: boolean } = {}) {
  const { echoCodes = true, city = true } = o;
  const code = (name: string, c: z.ZodType) => (echoCodes ? { [name]: c } : {});
  const { prefCode, prefName, ...cityMembers } = regionEchoResult;
  return z
    .strictObject({
      prefCode,
      prefName,
      ...(city ? cityMembers : {}),
      sicName: text,
      ...code('sicCode', broadCodeEcho),
      simcName: text,
      ...code('simcCode', middleCodeEcho),
      data,
    })
    .nullable();
}

/** The selection such a response echoes after its region, in selectionResult's order. */
export function classesEcho(
  names: ReturnType<typeof selectionNames>,
  v: Pick<SelectionValues, 'sicCode' | 'simcCode'>,
  echoCodes = true,
) {
  const n = names(v.sicCode, v.simcCode);
  return {
    sicName: n.sicName,
    ...(echoCodes ? { sicCode: n.sicCode } : {}),
    simcName: n.simcName,
    ...(echoCodes ? { simcCode: n.simcCode } : {}),
  };
}

/** What such a response echoes before its data, in selectionResult's order. */
export function selectionEcho(
  s: Sources,
  names: ReturnType<typeof selectionNames>,
  v: Pick<SelectionValues, 'prefCode' | 'cityCode' | 'sicCode' | 'simcCode'>,
  echoCodes = true,
) {
  return { ...regionEcho(s, v.prefCode, v.cityCode), ...classesEcho(names, v, echoCodes) };
}

/** What the operations over industry_economy by selection render from (value, labor perYear, power/forArea). */
export const economyState = (ctx: BuildContext) => ({
  facts: economyBySelection(ctx.sources, ctx.prefs),
  names: selectionNames(ctx.sources),
});
