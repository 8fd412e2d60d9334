import { industries } from '../facts/classifications.ts';
import { defineOperation } from './operation.ts';

export default defineOperation({
  title: '産業大分類',
  family: 'industry',
  route: { path: '/api/v1/industries/broad', params: [] },
  needs: ['industries_broad'],
  prepare: (ctx) => industries.broad(ctx.sources),
  enumerate: () => [{}],
  render: (broad) => broad.map((b) => ({ sicCode: b.sicCode, sicName: b.sicName })),
  routeData: (ctx) => industries.domains(ctx.sources),
});
