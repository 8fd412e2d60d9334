import { patentFields } from '../../facts/classifications.ts';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { listView } from './kit.ts';
import { codeText, nonEmpty } from '../result.ts';

export default defineOperation({
  title: '特許.技術分野',
  family: 'masters',
  titleEn: 'Patent technology fields',
  view: listView('tecCode', ['tecName', '技術分野 / field']),
  description:
    'The technology fields (sections) of patents: `tecCode` (a number as text) and `tecName`. `patents/middle` takes them as `tecCode`, `industry/patent/list` as the first part of an `addTec` entry.',
  examples: [{}],
  result: z.array(z.strictObject({ tecCode: codeText, tecName: nonEmpty })),
  route: { path: '/api/v1/patents/broad', params: [] },
  needs: ['patent_fields'],
  prepare: (ctx) => patentFields.fields(ctx.sources),
  render: (fields) => fields.map((f) => ({ tecCode: String(f.tecCode), tecName: f.tecName })),
  routeData: (ctx) => patentFields.domains(ctx.sources),
});
