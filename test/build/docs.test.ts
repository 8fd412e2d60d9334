// The documentation generated from the declarations is what npm run docs would write now: a declaration
// changed without it fails here, and so does a hand edit of a generated file. And the pages hold together:
// every relative link and anchor among README.md, CONTRIBUTING.md and docs/ points at something, the
// README links every page of docs/, and it stays short enough to read (the rest is in docs/).

import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { COMMAND_GROUPS, generatedDocs, staleDocs } from '../../build/cli/docs.ts';
import { helpOptions, optionFlag } from '../../build/cli/source-options.ts';
import { OPERATIONS } from '../../build/ops/index.ts';
import { TABLE_NAMES } from '../../sources/tables.ts';
import { ROOT } from '../helpers/paths.ts';

/** The README's limit: what a newcomer reads before the task pages of docs/. */
const README_BYTES = 12_000;

/** The pages whose links are checked, from the repository's root. */
const pages = (root: string) => ['README.md', 'CONTRIBUTING.md', ...fg.sync('docs/**/*.md', { cwd: root }).sort()];

/** Markdown without its fenced code blocks (their `#` lines are no headings, their brackets no links). */
const outsideFences = (text: string) => {
  let fenced = false;
  return text
    .split('\n')
    .filter((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return false;
      }
      return !fenced;
    })
    .join('\n');
};

/** GitHub's anchor of a heading: its text as rendered, lower-cased, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown file: its headings' (repeats numbered, as GitHub numbers them) and explicit ids. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const body = outsideFences(text);
  for (const [, heading] of body.matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  for (const [, id] of body.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** Each relative link of the pages (Markdown links, src and href) that names no file, or no anchor of one. */
function brokenLinks(root: string, files: string[]): string[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsAt = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchors.get(file)!;
  };
  const broken: string[] = [];
  for (const page of files) {
    const from = join(root, page);
    const text = outsideFences(readFileSync(from, 'utf8')).replace(/`[^`\n]*`/g, '');
    const targets = [
      ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
      ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
    ];
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, hash] = target.split('#', 2) as [string, string | undefined];
      const file = path ? resolve(dirname(from), decodeURIComponent(path)) : from;
      const ok =
        !relative(root, file).startsWith('..') &&
        existsSync(file) &&
        (!hash || !file.endsWith('.md') || anchorsAt(file).has(decodeURIComponent(hash)));
      if (!ok) broken.push(`${page}: ${target}`);
    }
  }
  return broken;
}

describe('generated documentation', () => {
  it('is what npm run docs writes from the declarations', () => {
    expect(staleDocs(), 'run npm run docs').toEqual([]);
  });

  it('has a section for every operation, command and table, and notices a hand edit', () => {
    const docs = new Map(generatedDocs());
    const operations = docs.get('docs/operations.md') ?? '';
    for (const op of OPERATIONS) expect(operations).toContain(`### \`${op.route.path.replace('/api/v1/', '')}\``);
    const cli = docs.get('docs/cli.md') ?? '';
    for (const command of COMMAND_GROUPS.flatMap((g) => g.commands)) {
      expect(cli).toContain(`### \`${command.name}\``);
      for (const [name, o] of Object.entries(helpOptions(command)))
        expect(cli).toContain(`| \`${optionFlag(name, o).replace(/\|/g, '\\|')}\` |`);
    }
    const tables = docs.get('sources/README.md') ?? '';
    for (const name of TABLE_NAMES) expect(tables).toContain(`### \`${name}.csv\``);
    const root = mkdtempSync(join(tmpdir(), 'regstat-docs-'));
    for (const [path, text] of docs) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    expect(staleDocs(root)).toEqual([]);
    writeFileSync(join(root, 'docs/operations.md'), operations.replace('都道府県一覧', '都道府県'));
    writeFileSync(join(root, 'docs/cli.md'), cli.replace('| 512 |', '| 256 |'));
    writeFileSync(join(root, 'sources/README.md'), tables.replace('| prefCode |', '| pref |'));
    expect(staleDocs(root)).toEqual(['docs/operations.md', 'docs/cli.md', 'sources/README.md']);
  });

  it('lists every command of package.json on docs/cli.md but those that pass their arguments on', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const passOn = ['test', 'test:full', 'format', 'format:check', 'typecheck']; // CONTRIBUTING.md describes them
    const documented = COMMAND_GROUPS.flatMap((g) => g.commands.map((c) => c.name)).sort();
    const commands = Object.keys(scripts)
      .filter((s) => !passOn.includes(s))
      .map((s) => (s === 'start' ? 'npm start' : `npm run ${s}`))
      .sort();
    expect(documented).toEqual(commands);
  });
});

describe('the pages', () => {
  it('link only to files and anchors that exist', () => {
    expect(brokenLinks(ROOT, pages(ROOT))).toEqual([]);
  });

  it('include a README short enough to read that links every page of docs/', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_BYTES);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const unlinked = fg.sync('docs/**/*.md', { cwd: ROOT }).filter((page) => !readme.includes(`](${page}`));
    expect(unlinked).toEqual([]);
  });

  it('notice a link to a missing file, a missing anchor, and a link out of the repository', () => {
    const outside = mkdtempSync(join(tmpdir(), 'regstat-links-'));
    const root = join(outside, 'repo');
    mkdirSync(join(root, 'docs/hosts'), { recursive: true });
    writeFileSync(join(root, 'CONTRIBUTING.md'), '# Contributing\n\n[Two commands](README.md#two-commands)\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '# regstat',
        '## Two commands',
        '## Official or synthetic: `X-Regstat-Data`',
        '## Two commands',
        '```sh',
        '# not a heading [nor a link](nowhere.md)',
        '```',
        'See [a page](docs/a.md#the-pack), [this](#two-commands-1), [that](#official-or-synthetic-x-regstat-data),',
        '[the host](docs/hosts/a.md), <img src="docs/a.png"> and `[code](nowhere.md)`, [out](https://example.org/x.md#y).',
        '[gone](docs/b.md), [no anchor](docs/a.md#the-packs), [none here](#three-commands), [up](../outside.md).',
      ].join('\n\n'),
    );
    writeFileSync(
      join(root, 'docs/a.md'),
      '# The pack\n\n[back](../README.md#two-commands) [host](hosts/a.md#nginx)\n',
    );
    writeFileSync(join(root, 'docs/a.png'), '');
    writeFileSync(join(root, 'docs/hosts/a.md'), '# nginx\n\n[up](../../README.md#regstat) [broken](../a.md#nope)\n');
    writeFileSync(join(outside, 'outside.md'), '# outside\n');
    expect(brokenLinks(root, pages(root))).toEqual([
      'README.md: docs/b.md',
      'README.md: docs/a.md#the-packs',
      'README.md: #three-commands',
      'README.md: ../outside.md',
      'docs/hosts/a.md: ../a.md#nope',
    ]);
  });
});
