// The families of operations, declared once: the name an operation declares (Operation.family), the title
// the explorer groups its picker under and the description OpenAPI gives the family's tag. A family not
// in this table is a type error, so no reader needs a fallback for one it does not know.

interface FamilyInfo {
  /** Japanese / English, as the explorer's operation picker shows it. */
  title: string;
  /** OpenAPI's tag description, in Markdown. */
  description: string;
}

export const FAMILY_TABLE = {
  masters: {
    title: '一覧 / Code lists',
    description:
      'Code lists the other operations refer to: prefectures, municipalities, and the industry, occupation and patent classifications.',
  },
  population: {
    title: '人口 / Population',
    description: 'Population (人口): composition by age, pyramids, change, and migration.',
  },
  industry: {
    title: '産業・雇用・特許 / Industry, jobs, patents',
    description:
      'Industry (産業): specialization coefficients, job openings, overseas trade and patents; local taxes, wages and settled expenditure.',
  },
  employment: {
    title: '雇用・教育 / Employment, education',
    description: 'Employment and education (雇用・教育): where high-school graduates go on to study or work.',
  },
  tourism: {
    title: '観光 / Tourism',
    description: 'Tourism (観光): foreign visitors, accommodation facilities and airports.',
  },
  fishery: {
    title: '水産業 / Fishery',
    description: 'Sea fishery (水産業): management entities by sales and shipment, their counts, and their sales.',
  },
  forestry: {
    title: '林業 / Forestry',
    description:
      'Forestry (林業): management entities by band of income from forest products and contracted work, and that income.',
  },
  agriculture: {
    title: '農業 / Agriculture',
    description:
      'Agriculture (農業): farm management entities, the share of them that are corporations, and their days of farm work.',
  },
  mesh: {
    title: 'メッシュ / Meshes',
    description: 'Population by mesh (メッシュ人口): census meshes and projected meshes.',
  },
  medical: {
    title: '医療・福祉 / Medical care',
    description: 'Medical care and welfare (医療・福祉): demand and supply by secondary medical area.',
  },
} as const satisfies Record<string, FamilyInfo>;

export type Family = keyof typeof FAMILY_TABLE;
