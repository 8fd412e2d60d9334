// The RESAS importer's refusals are a user's to act on: one line naming the file, no stack.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importResas } from '../../sources/resas/import.ts';
import { UserError } from '../../build/user-error.ts';

const archive = mkdtempSync(join(tmpdir(), 'regstat-resas-'));
afterAll(() => rmSync(archive, { recursive: true, force: true }));

function save(op: string, name: string, result: unknown): void {
  mkdirSync(join(archive, op), { recursive: true });
  writeFileSync(join(archive, op, name), JSON.stringify({ message: null, result }));
}

describe('importResas', () => {
  it('refuses two responses that name one prefecture differently, as a UserError naming the file', () => {
    save('prefectures', 'prefectures.json', [{ prefCode: 1, prefName: '北海道' }]);
    save('prefectures', 'prefectures__copy.json', [{ prefCode: 1, prefName: '青森県' }]);
    save('prefectures', 'x=1.json', [{ prefCode: 1, prefName: '青森県' }]);
    let error: unknown;
    try {
      importResas(archive);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(
      /^prefectures\/x=1\.json: prefecture 1 is 青森県 here but 北海道 in another response$/,
    );
  });
});
