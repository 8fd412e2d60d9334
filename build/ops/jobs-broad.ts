import { occupations } from '../facts/classifications.ts';
import { defineOperation } from './operation.ts';

export default defineOperation({
  title: '職業大分類',
  family: 'industry',
  route: { path: '/api/v1/jobs/broad', params: [] },
  needs: ['occupations_broad'],
  prepare: (ctx) => occupations.broad(ctx.sources),
  enumerate: () => [{}],
  render: (broad) => broad.map((b) => ({ iscoCode: b.iscoCode, iscoName: b.iscoName })),
  routeData: (ctx) => occupations.domains(ctx.sources),
});
