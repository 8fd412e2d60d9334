// dist/openapi.d.ts: TypeScript types of the API, generated from openapi.json with openapi-typescript at
// build time. A client that imports them compiles when it reads real fields and fails on a typo.

import '../helpers/sample-ready.ts';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiTypes } from '../../build/core/openapi.ts';
import { SAMPLE_DIST, TMP } from '../helpers/paths.ts';

const DIR = join(process.env.REGSTAT_TEST_TMP ?? TMP, 'typed-client');

/** A client of five operations, as an application would write it against the generated types. */
const CLIENT = `import type { ApiError, paths, Query, Result, Success } from './openapi.js';

declare const perYear: Success<'/api/v1/population/composition/perYear'>;
declare const pyramid: Result<'/api/v1/population/composition/pyramid'>;
declare const cities: Result<'/api/v1/cities'>;
declare const patents: Result<'/api/v1/industry/patent/list'>;
declare const rate: Result<'/api/v1/medicalWelfare/medicalAnalysis/rate'>;

export const message: null = perYear.message;
export const total: number | undefined = perYear.result?.data[0].data[0]?.value;
export const label: '総人口' | undefined = perYear.result?.data[0].label;
export const rateOfYoung: number | null | undefined = perYear.result?.data[1].data[0]?.rate;
export const manPercent: number | null | undefined = pyramid?.yearLeft.data[0].manPercent;
export const oldAge: number | undefined = pyramid?.yearRight.oldAgeCount;
export const cityName: string | undefined = cities[0]?.cityName;
export const bigCity: '0' | '1' | '2' | '3' | undefined = cities[0]?.bigCityFlag;
export const applyNo: string | undefined = patents.data[0]?.applyNo;
export const lat: number | undefined = patents.data[0]?.lat;
export const theme: string | undefined = rate?.theme[0]?.broad_category_name;
// Codes as other responses type them: /prefectures' prefCode is a number, /industries/broad's sicCode a string.
declare const prefectures: Result<'/api/v1/prefectures'>;
declare const industries: Result<'/api/v1/industries/broad'>;
export const ofPref: Query<'/api/v1/population/composition/perYear'> = { prefCode: prefectures[0]!.prefCode, cityCode: cities[0]!.cityCode };
export const ofIndustry: Query<'/api/v1/municipality/company/perYear'> = { prefCode: prefectures[0]!.prefCode, cityCode: '-', sicCode: industries[0]!.sicCode, simcCode: '-' };
// openapi-fetch and its kind read paths directly: prefCode is any prefecture's there too.
export const raw: NonNullable<paths['/api/v1/population/composition/perYear']['get']['parameters']['query']> = { prefCode: prefectures[0]!.prefCode };
// Mode 2 needs no prefCode; patentHolderId is not required.
export const byHolder: Query<'/api/v1/industry/patent/list'> = { year: 2019, mode: 2, patentHolderId: 'C100001', sort1: 1, sort2: 1, offset: 0 };
export const error: ApiError = { statusCode: '400', message: 'prefCode is required', description: 'Give prefCode as a prefecture code.' };
`;

const TYPO = CLIENT.replace('perYear.result?.data[0].data[0]?.value', 'perYear.result?.data[0].data[0]?.vaule');

let dts: string;
let doc: object;

beforeAll(() => {
  dts = readFileSync(join(SAMPLE_DIST, 'openapi.d.ts'), 'utf8');
  doc = JSON.parse(readFileSync(join(SAMPLE_DIST, 'openapi.json'), 'utf8'));
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(DIR, 'openapi.d.ts'), dts);
  writeFileSync(join(DIR, 'client.ts'), CLIENT);
  writeFileSync(join(DIR, 'typo.ts'), TYPO);
});

describe('dist/openapi.d.ts', () => {
  it("is openapi-typescript's output for openapi.json, the same bytes every time", async () => {
    expect(openApiTypes(doc)).toBe(dts);
    expect(openApiTypes(structuredClone(doc))).toBe(dts);
    // The build renders it synchronously: the same text openapiTS() gives, with a header and helper types.
    expect(dts).toContain(
      astToString(await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { silent: true })),
    );
    expect(dts).toContain('export type Result<P extends Path> =');
    console.log(
      `openapi.d.ts: ${Buffer.byteLength(dts)} bytes; openapi.json: ${Buffer.byteLength(JSON.stringify(doc, null, 2) + '\n')} bytes`,
    );
  });

  it('types a client: it compiles under strict options, and a misspelt field fails naming it', () => {
    const t = performance.now();
    const program = ts.createProgram([join(DIR, 'client.ts'), join(DIR, 'typo.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts'],
      types: [],
      skipLibCheck: false, // the generated declarations are checked too
    });
    const diagnostics = (file: string) => {
      const source = program.getSourceFile(join(DIR, file))!;
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      );
    };
    const declarations = program.getSourceFile(join(DIR, 'openapi.d.ts'))!;
    expect(
      [...program.getSemanticDiagnostics(declarations)].map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      ),
    ).toEqual([]);
    expect(diagnostics('client.ts')).toEqual([]);
    const typo = diagnostics('typo.ts');
    expect(typo).toHaveLength(1);
    expect(typo[0]).toMatch(/Property 'vaule' does not exist/);
    console.log(
      `typed client: ${diagnostics('client.ts').length} diagnostics; with the typo: ${typo.length} (${typo[0]}); compiled in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  });
});
