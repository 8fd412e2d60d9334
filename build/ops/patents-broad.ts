import { patentFields } from '../facts/classifications.ts';
import { defineOperation } from './operation.ts';

export default defineOperation({
  title: '特許.技術分野',
  family: 'industry',
  route: { path: '/api/v1/patents/broad', params: [] },
  needs: ['patent_fields'],
  prepare: (ctx) => patentFields.fields(ctx.sources),
  enumerate: () => [{}],
  render: (fields) => fields.map((f) => ({ tecCode: String(f.tecCode), tecName: f.tecName })),
  routeData: (ctx) => patentFields.domains(ctx.sources),
});
