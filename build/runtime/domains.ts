// The code domains, declared once: the code lists of the route table (RouteTable.domains) that `code` and
// `tecs` parameters name, with the domain a parented one is keyed by and the API list that names its codes.
// Operations declare their parameters' domains and produce their codes under these names (a name not in
// the table is a type error); the explorer's pickers read the names of codes from the lists given here.

/** An API list that names codes: its path below /api/v1, the query parameter of its parent and its fields. */
export interface NameList {
  path: string;
  /** The query parameter that takes the parent's code, for a list of one parent's codes. */
  by?: string;
  /** The fields of a record holding the code and its name. */
  code: string;
  name: string;
}

interface DomainInfo {
  /** The domain whose codes key this one's lists (the technology fields of the patent themes). */
  parent?: string;
  /** Where the codes are named, for domains with a list of their own in the API. */
  names?: NameList;
}

const DOMAIN_TABLE = {
  industriesBroad: { names: { path: '/industries/broad', code: 'sicCode', name: 'sicName' } },
  industriesMiddle: {
    parent: 'industriesBroad',
    names: { path: '/industries/middle', by: 'sicCode', code: 'simcCode', name: 'simcName' },
  },
  /** The middle classes of every broad class in one list (industries/narrow's simcCode). */
  industriesMiddleCodes: {},
  occupationsBroad: { names: { path: '/jobs/broad', code: 'iscoCode', name: 'iscoName' } },
  occupationsMiddle: {
    parent: 'occupationsBroad',
    names: { path: '/jobs/middle', by: 'iscoCode', code: 'ismcoCode', name: 'ismcoName' },
  },
  patentFields: { names: { path: '/patents/broad', code: 'tecCode', name: 'tecName' } },
  patentThemes: {
    parent: 'patentFields',
    names: { path: '/patents/middle', by: 'tecCode', code: 'themeCode', name: 'themeName' },
  },
  patentHolders: {},
  municipalities: {},
  manufacturing: {},
  airportAreas: {},
  airportsByArea: { parent: 'airportAreas' },
  /** medicalAnalysis/chart's class codes of every scheme; its constraints say which go with which matter2. */
  medicalBroadClasses: {},
  medicalMiddleClasses: {},
  /** careAnalysis/chart's class codes (fixed by the original's code page); its constraints pair them with matter_2. */
  careBroadClasses: {},
  careMiddleClasses: {},
  secondaryMedicalAreas: {
    names: {
      path: '/medicalWelfare/medicalAnalysis/list',
      by: 'prefCode',
      code: 'secondary_medical_area_code',
      name: 'secondary_medical_area_name',
    },
  },
} as const satisfies Record<string, DomainInfo>;

export type Domain = keyof typeof DOMAIN_TABLE;

/** The table, each parent checked to be a domain of it. */
export const DOMAINS: Record<Domain, DomainInfo & { parent?: Domain }> = DOMAIN_TABLE;
