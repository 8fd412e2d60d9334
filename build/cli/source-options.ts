// The command-line options shared by the commands, in one place: what to render from (the sources, the
// seed, the scope, the families and the layout: npm run build, npm start, npm run bundle; build/core/
// source-values.ts checks and loads them), how to serve (port, host, error mode), and the parsing every
// command does with them: --help, unknown options and bad values as one line (exit 2).

import { fail } from './fail.ts';
import { parseArgs } from 'node:util';
import type { SourceValues } from '../core/source-values.ts';
import { DEFAULT_SEED } from '../../sources/sample/seed.ts';
import { FAMILY_TABLE } from '../runtime/families.ts';
import { UsageError } from '../user-error.ts';

/** A parseArgs option with what --help says of it. */
interface OptionSpec {
  type: 'string' | 'boolean';
  default?: string | boolean;
  short?: string;
  /** The value's placeholder in --help, as in --port <n>. */
  value?: string;
  help: string;
  /** The default as --help states it, when the default value alone would mislead (an environment variable, a computed default). */
  shownDefault?: string;
}

type OptionSpecs = Record<string, OptionSpec>;

export interface CommandSpec<T extends OptionSpecs = OptionSpecs> {
  /** How it is run, as --help shows it: npm run build. */
  name: string;
  summary: string;
  /** Its positional arguments, as --help shows them: <archive-dir> <sources-dir>. */
  args?: { usage: string; min: number; max: number };
  options: T;
  example: string;
  /** What docs/cli.md says of the command beyond --help (Markdown; links relative to docs/). */
  docs?: string;
}

export type OptionValues<T extends OptionSpecs> = {
  [K in keyof T]?: T[K] extends { type: 'boolean' } ? boolean : string;
};

export const SOURCE_OPTIONS = {
  sources: {
    type: 'string',
    value: '<dir>',
    help: 'a folder of tidy CSV tables and dataset.json, as sources/README.md describes',
    shownDefault: 'the sample provider: synthetic figures',
  },
  seed: { type: 'string', value: '<text>', help: "the sample provider's seed", shownDefault: DEFAULT_SEED },
  prefs: { type: 'string', value: '<codes>', help: 'only these prefectures, by code, e.g. 1,13', shownDefault: 'all' },
  only: {
    type: 'string',
    value: '<families>',
    help: `only these families: ${Object.keys(FAMILY_TABLE).join(', ')} (the masters always come along)`,
    shownDefault: 'all',
  },
  layout: {
    type: 'string',
    default: 'full',
    value: 'full|compact',
    help: 'compact: fewer files (pyramid pairs composed at request time) for hosts with file limits',
  },
  'no-cache': {
    type: 'boolean',
    default: false,
    help: "neither read nor write the cache (checked tables and npm start's response cache: node_modules/.cache/regstat/tables, or REGSTAT_CACHE)",
  },
} as const satisfies OptionSpecs;

export const ERRORS_OPTION = {
  errors: {
    type: 'string',
    value: 'status|resas',
    help: "status: real HTTP status codes; resas: HTTP 200 with the original's error bodies, for clients written against it",
    shownDefault: 'status',
  },
} as const satisfies OptionSpecs;

/** The built dist a command serves or reads (npm run build writes one). */
export const DIST_OPTION = {
  type: 'string',
  default: 'dist',
  value: '<dir>',
  help: 'the built dist to serve (npm run build writes one)',
} as const;

export const SERVER_OPTIONS = {
  port: {
    type: 'string',
    default: process.env.PORT ?? '3000',
    value: '<n>',
    help: 'the port to listen on',
    shownDefault: 'PORT, else 3000',
  },
  host: {
    type: 'string',
    default: process.env.HOST ?? '127.0.0.1',
    value: '<address>',
    help: 'the address to listen on; 0.0.0.0 for every interface',
    shownDefault: 'HOST, else 127.0.0.1',
  },
  ...ERRORS_OPTION,
  cache: {
    type: 'string',
    default: '512',
    value: '<MB>',
    help: 'memory for responses, their compressed forms, parsed documents and the URL memo (each worker)',
  },
  quiet: {
    type: 'boolean',
    default: false,
    help: 'no request log (by default one line per request on stderr: method, path, status, time)',
  },
} as const satisfies OptionSpecs;

/** --cache in bytes. */
export function parseCacheBytes(mb: string | undefined): number {
  const n = Number(mb ?? '512');
  if (!Number.isFinite(n) || n < 1)
    throw new UsageError(`--cache takes a number of megabytes (1 or more), got ${JSON.stringify(mb)}.`);
  return Math.round(n * 1024 * 1024);
}

const HELP = { help: { type: 'boolean', short: 'h', help: 'print this help and exit' } } as const satisfies OptionSpecs;

/**
 * Parses a command line with node:util parseArgs (strict). --help prints the usage and exits 0; an unknown
 * option, a missing value or a stray argument is a UsageError that names the valid options.
 */
export function parseCommand<T extends OptionSpecs>(
  spec: CommandSpec<T>,
  argv: string[],
): { values: OptionValues<T>; positionals: string[] } {
  const options = { ...spec.options, ...HELP };
  const wantsHelp = () =>
    argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).some((a) => a === '--help' || a === '-h');
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: options as OptionSpecs,
      allowPositionals: spec.args !== undefined,
      strict: true,
    });
  } catch (e) {
    if (wantsHelp()) printHelp(spec);
    throw usageErrorOf(spec, e);
  }
  if (parsed.values.help) printHelp(spec);
  const { positionals } = parsed;
  if (spec.args && (positionals.length < spec.args.min || positionals.length > spec.args.max)) {
    throw new UsageError(
      `${spec.name} takes ${spec.args.usage}${
        positionals.length > spec.args.max
          ? `, not ${positionals
              .slice(spec.args.max)
              .map((p) => JSON.stringify(p))
              .join(' ')} too`
          : ''
      }; see ${spec.name} -- --help`,
    );
  }
  return { values: parsed.values as OptionValues<T>, positionals };
}

/**
 * Runs a command when its module is the one node started (not when a test or another command imports it):
 * parses argv by its spec, then prints any failure as one line, as fail() does.
 */
export async function runCommand<T extends OptionSpecs>(
  meta: ImportMeta,
  spec: CommandSpec<T>,
  main: (args: { values: OptionValues<T>; positionals: string[] }) => void | Promise<void>,
): Promise<void> {
  if (meta.url !== `file://${process.argv[1]}`) return;
  try {
    await main(parseCommand(spec, process.argv.slice(2)));
  } catch (e) {
    fail(e);
  }
}

function printHelp(spec: CommandSpec): never {
  process.stdout.write(usage(spec));
  process.exit(0);
}

const optionNames = (spec: CommandSpec) => [...Object.keys(spec.options), 'help'].map((o) => `--${o}`).join(', ');

function usageErrorOf(spec: CommandSpec, e: unknown): Error {
  const { code, message } = e as { code?: string; message: string };
  const named = /'(-[^' ]+)/.exec(message)?.[1];
  const see = `see ${spec.name} -- --help`;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`unknown option ${named ?? message}; ${spec.name} takes ${optionNames(spec)}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = named?.replace(/^--/, '') ?? '';
      const o = spec.options[name];
      return new UsageError(
        o?.type === 'boolean'
          ? `--${name} takes no value; ${see}`
          : `--${name} needs a value (--${name} ${o?.value ?? '<value>'}); ${see}`,
      );
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(
        `${spec.name} takes options only, not ${/'([^']*)'/.exec(message)?.[1] ?? 'arguments'}; its options are ${optionNames(spec)}`,
      );
    default:
      return e as Error;
  }
}

/** A command's options as --help lists them: its own, then --help. */
export const helpOptions = (spec: CommandSpec): OptionSpecs => ({ ...spec.options, ...HELP }) as OptionSpecs;

/** An option's default as --help states it, when it has one to state. */
export const shownDefault = (o: OptionSpec): string | undefined =>
  o.shownDefault ?? (typeof o.default === 'string' ? o.default : undefined);

/** An option as --help names it: -h, --help; --port <n>. */
export const optionFlag = (name: string, o: OptionSpec): string =>
  `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`;

/** The usage line: npm run import:resas -- <archive-dir> <sources-dir> [options]. */
export const usageLine = (spec: CommandSpec): string =>
  `${spec.name} -- ${spec.args ? `${spec.args.usage} ` : ''}[options]`;

/** What --help prints: the usage line, the options with their defaults, and one example. */
function usage(spec: CommandSpec): string {
  const options = helpOptions(spec);
  const left = Object.entries(options).map(([name, o]) => `${o.short ? '' : '    '}${optionFlag(name, o)}`);
  const width = Math.max(...left.map((l) => l.length)) + 2;
  const lines = Object.values(options).map((o, i) => {
    const shown = shownDefault(o);
    return `  ${left[i]!.padEnd(width)}${o.help}${shown !== undefined ? ` (default: ${shown})` : ''}`;
  });
  return [
    `Usage: ${usageLine(spec)}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...lines,
    '',
    'Example:',
    `  ${spec.example}`,
    '',
  ].join('\n');
}

/** Whether a command line names what to render from (npm start and npm run bundle then render rather than serve or copy a dist). */
export const namesSources = (values: SourceValues) =>
  Object.entries(SOURCE_OPTIONS as OptionSpecs).some(
    ([k, o]) => values[k as keyof SourceValues] !== undefined && values[k as keyof SourceValues] !== o.default,
  );

/** `--port` (or PORT): a TCP port. */
export function parsePort(text: string | undefined): number {
  const port = Number(text);
  if (!/^[0-9]{1,5}$/.test(text ?? '') || port > 65535)
    throw new UsageError(`--port (or PORT) takes a port number from 0 to 65535, got ${JSON.stringify(text)}.`);
  return port;
}
