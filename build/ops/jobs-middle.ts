import { occupations } from '../facts/classifications.ts';
import { defineOperation } from './operation.ts';

export default defineOperation({
  title: '職業中分類',
  family: 'industry',
  route: {
    path: '/api/v1/jobs/middle',
    params: [{ name: 'iscoCode', type: 'code', domain: 'occupationsBroad', required: true, doc: 'Occupation broad class (see /api/v1/jobs/broad).' }],
  },
  needs: ['occupations_broad', 'occupations_middle'],
  prepare: (ctx) => occupations.middle(ctx.sources),
  enumerate: (ctx) => occupations.broad(ctx.sources).map((b) => ({ iscoCode: b.iscoCode })),
  render: (middle, v) => middle.filter((m) => m.iscoCode === v.iscoCode).map((m) => ({ iscoCode: m.iscoCode, ismcoCode: m.ismcoCode, ismcoName: m.ismcoName })),
  routeData: (ctx) => occupations.domains(ctx.sources),
});
