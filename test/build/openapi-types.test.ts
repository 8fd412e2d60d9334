// dist/openapi.d.ts: TypeScript types of the API, generated from openapi.json with openapi-typescript at
// build time. A client that imports them compiles when it reads real fields and fails on a typo.

import '../helpers/sample-ready.ts';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyValueType, openApiTypes, typingDocument } from '../../build/core/openapi.ts';
import { ROOT, SAMPLE_DIST, TMP } from '../helpers/paths.ts';

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
    const typed = typingDocument(doc) as Parameters<typeof openapiTS>[0];
    const transform = (schema: object) => anyValueType(schema as Record<string, unknown>);
    expect(dts).toContain(astToString(await openapiTS(typed, { silent: true, transform })));
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

/** An application's client, as openapi-fetch's README writes one: codes and years read from other responses. */
const FETCH_CLIENT = `import createClient from 'openapi-fetch';
import type { paths, Query } from './openapi.js';

const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });
const { data: prefectures } = await api.GET('/api/v1/prefectures');
const pref = prefectures!.result[0]!;
const { data: cities } = await api.GET('/api/v1/cities', { params: { query: { prefCode: pref.prefCode } } });
const city = cities!.result[0]!;
const { data: broad } = await api.GET('/api/v1/industries/broad');
const sicCode = broad!.result[0]!.sicCode;
const { data: middle } = await api.GET('/api/v1/industries/middle', { params: { query: { sicCode } } });
const simcCode = middle!.result[0]!.simcCode;
const { data: perYear } = await api.GET('/api/v1/population/composition/perYear', {
  params: { query: { prefCode: pref.prefCode, cityCode: city.cityCode } },
});
const year = perYear!.result!.data[0].data.at(-1)!.year;
export const pyramid = await api.GET('/api/v1/population/composition/pyramid', {
  params: { query: { prefCode: pref.prefCode, cityCode: '-', yearLeft: year, yearRight: 2045 } },
});
export const companies = await api.GET('/api/v1/municipality/company/perYear', {
  params: { query: { prefCode: pref.prefCode, cityCode: city.cityCode, sicCode, simcCode } },
});
// docs/clients.md's example.
export const company = await api.GET('/api/v1/municipality/company/perYear', {
  params: { query: { prefCode: prefectures!.result[0]!.prefCode, sicCode: broad!.result[0]!.sicCode } },
});
`;

/** The same client with one wrong call more, and the error tsc must give for it. */
const WRONG_CALLS: [file: string, call: string, error: RegExp][] = [
  [
    'misspelt-name.ts',
    `api.GET('/api/v1/population/composition/perYear', { params: { query: { prefcode: pref.prefCode } } });`,
    /error TS2561: Object literal may only specify known properties, but 'prefcode' does not exist .*Did you mean to write 'prefCode'\?/,
  ],
  // openapi-fetch infers a call's parameters from the call, so an unknown one beside the required ones is
  // no error there (with these types or any); an object typed by Query<path> catches it.
  [
    'misspelt-optional.ts',
    `export const query: Query<'/api/v1/population/composition/perYear'> = { prefCode: 13, cityCod: '-' };`,
    /error TS2561: Object literal may only specify known properties, but 'cityCod' does not exist .*Did you mean to write 'cityCode'\?/,
  ],
  [
    'name-for-code.ts',
    `api.GET('/api/v1/cities', { params: { query: { prefCode: pref.prefName } } });`,
    /error TS2322: Type 'string' is not assignable to type 'number( \| "-")?( \| undefined)?'/,
  ],
  [
    'year-as-text.ts',
    `api.GET('/api/v1/population/composition/pyramid', { params: { query: { prefCode: 13, yearLeft: String(year), yearRight: 2045 } } });`,
    /error TS2322: Type 'string' is not assignable to type '.*number/,
  ],
  [
    'code-as-number.ts',
    `api.GET('/api/v1/industries/middle', { params: { query: { sicCode: 5 } } });`,
    /error TS2322: Type 'number' is not assignable to type '.*string/,
  ],
  [
    'missing-required.ts',
    `api.GET('/api/v1/industries/middle', { params: { query: {} } });`,
    /error TS2741: Property 'sicCode' is missing/,
  ],
];

/** Writes a folder of client files beside these declarations and runs tsc --noEmit on it: its errors by file. */
function compile(folder: string, declarations: string, files: Record<string, string>): Map<string, string[]> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(folder, 'openapi.d.ts'), declarations);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  // An application's settings: strict, a browser's lib, libraries' declarations not checked.
  const compilerOptions = { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', lib: ['ES2022', 'DOM'] };
  const tsconfig = {
    compilerOptions: { ...compilerOptions, skipLibCheck: true, types: [] },
    files: Object.keys(files),
  };
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', '.', '--pretty', 'false'], {
    cwd: folder,
    encoding: 'utf8',
  });
  const errors = new Map<string, string[]>(Object.keys(files).map((f) => [f, []]));
  for (const line of r.stdout.split('\n').filter(Boolean)) {
    const file = /^([\w-]+\.ts)\(/.exec(line)?.[1];
    if (file && errors.has(file)) errors.get(file)!.push(line);
    else errors.set('(other)', [...(errors.get('(other)') ?? []), line]);
  }
  return errors;
}

describe('an openapi-fetch client of dist/openapi.d.ts', () => {
  it('compiles with codes and years read from other responses, and fails on a wrong name or type', () => {
    const files = Object.fromEntries([
      ['client.ts', FETCH_CLIENT],
      ...WRONG_CALLS.map(([file, call]) => [file, `${FETCH_CLIENT}${call}\n`]),
    ]);
    const errors = compile(join(DIR, 'openapi-fetch'), dts, files);
    expect(errors.get('(other)')).toBeUndefined();
    expect(errors.get('client.ts')).toEqual([]);
    for (const [file, , error] of WRONG_CALLS) {
      expect(errors.get(file), file).toHaveLength(1);
      expect(errors.get(file)![0], file).toMatch(error);
    }
    console.log(
      `openapi-fetch client: 0 errors; each wrong call one: ${WRONG_CALLS.map(([f]) => errors.get(f)![0]!.match(/TS\d+/)![0]).join(', ')}`,
    );
  });

  it("did not with openapi-typescript's types as they come: the read values fail on the listed ones", async () => {
    // openapi-typescript's output as `npx openapi-typescript openapi.json` writes it, with the client's one helper.
    const plain =
      astToString(await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { silent: true })) +
      "export type Query<P extends keyof paths> = NonNullable<paths[P]['get']['parameters']['query']>;\n";
    const errors = compile(join(DIR, 'openapi-fetch-plain'), plain, { 'client.ts': FETCH_CLIENT }).get('client.ts')!;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.includes('error TS2322'))).toBe(true);
    console.log(
      `the same client against openapi-typescript's plain output: ${errors.length} errors, e.g. ${errors[0]}`,
    );
  });
});
