// dist/reference/: Swagger UI copied from node_modules, its page and initializer, written into every
// dist and routed by every host configuration. What the page does in a browser is reference.browser.test.ts.

import '../helpers/sample-ready.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { referenceFiles, withoutSourceMaps } from '../../build/core/reference-page.ts';
import { PAGE_REWRITES } from '../../build/runtime/pages.ts';
import { nginxConfig } from '../../build/deploy/nginx.ts';
import { staticPath, typeOf } from '../../build/runtime/static-path.ts';
import { SAMPLE_DIST } from '../helpers/paths.ts';

const files = new Map(referenceFiles());
const page = files.get('/reference/index.html')!;
const init = files.get('/reference/init.js')!;
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

describe('the reference files', () => {
  it('are the page, its initializer, Swagger UI and its licence, read once', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        '/reference/LICENSE.txt',
        '/reference/index.html',
        '/reference/init.js',
        '/reference/swagger-ui-bundle.js',
        '/reference/swagger-ui.css',
      ].sort(),
    );
    expect(referenceFiles()).toBe(referenceFiles());
  });

  it('copy Swagger UI as the package has it, source map comments left out', () => {
    expect(JSON.parse(readFileSync(join(swaggerUi, 'package.json'), 'utf8')).version).toBe('5.35.0');
    for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
      const original = readFileSync(join(swaggerUi, name), 'utf8');
      expect(files.get(`/reference/${name}`), name).toBe(withoutSourceMaps(original));
    }
    for (const [path, body] of files) expect(body, path).not.toMatch(/sourceMappingURL/);
    // The package's stylesheet had one; a browser would ask for the .map, which is not copied.
    expect(readFileSync(join(swaggerUi, 'swagger-ui.css'), 'utf8')).toMatch(/sourceMappingURL/);
  });

  it('drop both forms of source map comment and nothing else', () => {
    const text =
      'a();\n//# sourceMappingURL=a.js.map\nb{}\n/*# sourceMappingURL=b.css.map */\n//@ sourceMappingURL=old.map\nc = "sourceMappingURL";\n/*# sourceMappingURL=end.map*/';
    expect(withoutSourceMaps(text)).toBe('a();\nb{}\nc = "sourceMappingURL";\n');
  });

  it('include the Apache-2.0 licence, the NOTICE and the bundled libraries’ notices', () => {
    const licence = files.get('/reference/LICENSE.txt')!;
    expect(licence).toContain(readFileSync(join(swaggerUi, 'LICENSE'), 'utf8'));
    expect(licence).toContain(readFileSync(join(swaggerUi, 'NOTICE'), 'utf8'));
    expect(licence).toContain(readFileSync(join(swaggerUi, 'swagger-ui-bundle.js.LICENSE.txt'), 'utf8'));
    expect(licence).toMatch(/Apache License\s+Version 2\.0/);
  });

  it('make a page that names nothing outside its own origin and runs no inline script', () => {
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('<title>regstat API reference</title>');
    expect(page).toContain('<a href="../">Explorer</a>');
    expect(page).toContain('<a href="../openapi.json">openapi.json</a>');
    const urls = [...page.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url, url).toMatch(/^(?:\.\.\/|data:)/);
    expect(page.match(/<script\b[^>]*>/g)).toEqual([
      '<script src="../reference/swagger-ui-bundle.js">',
      '<script src="../reference/init.js">',
    ]);
    expect(page).not.toMatch(/<script\b[^>]*>[^<]/);
    expect(page).toMatch(/Content-Security-Policy" content="default-src 'none'; script-src 'self'; /);
    // The one inline style is allowed by its hash.
    const style = /<style>(.*)<\/style>/.exec(page)![1]!;
    expect(page).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('links that resolve the same from /reference/ and /reference', () => {
    const urls = [...page.matchAll(/\b(?:href|src)="(\.\.[^"]*)"/g)].map((m) => m[1]!);
    for (const url of urls)
      expect(new URL(url, 'http://h/reference').href, url).toBe(new URL(url, 'http://h/reference/').href);
    expect(new URL('../reference/init.js', 'http://h/reference').pathname).toBe('/reference/init.js');
  });

  it('start Swagger UI from the dist’s own document with its outside calls off', () => {
    expect(() => new Script(init)).not.toThrow();
    let options: Record<string, unknown> = {};
    const SwaggerUIBundle = Object.assign((o: Record<string, unknown>) => ((options = o), {}), {
      presets: { apis: 'apis' },
    });
    new Script(init).runInNewContext({
      SwaggerUIBundle,
      window: {},
      location: { href: 'http://h/sub/reference/' },
      URL,
    });
    expect(options).toEqual({
      url: 'http://h/sub/openapi.json',
      dom_id: '#swagger-ui',
      validatorUrl: null,
      deepLinking: true,
      tryItOutEnabled: false,
      presets: ['apis'],
      layout: 'BaseLayout',
      defaultModelsExpandDepth: 0,
      queryConfigEnabled: false,
    });
  });

  it('give the stylesheet no address but data: ones', () => {
    const css = files.get('/reference/swagger-ui.css')!;
    const urls = [...css.matchAll(/url\(\s*["']?([^"')\s]{0,12})/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) expect(u).toMatch(/^data:/);
    expect(css).not.toMatch(/@import/);
  });

  it('are in the built dist as referenceFiles gives them', () => {
    for (const [path, body] of files) expect(readFileSync(join(SAMPLE_DIST, path), 'utf8'), path).toBe(body);
  });
});

describe('every host configuration routes the reference', () => {
  it('serve.json serves the page at /reference and /reference/ and scripts as text/javascript', () => {
    const serve = JSON.parse(readFileSync(join(SAMPLE_DIST, 'serve.json'), 'utf8'));
    expect(serve.rewrites).toEqual(
      expect.arrayContaining([{ source: '/reference', destination: '/reference/index.html' }]),
    );
    expect(serve.headers).toEqual(
      expect.arrayContaining([
        { source: '**/*.js', headers: [{ key: 'Content-Type', value: 'text/javascript;charset=UTF-8' }] },
      ]),
    );
  });

  it('the Node stores map both spellings to the page and know each type', () => {
    expect(staticPath('/reference')).toBe('/reference/index.html');
    expect(staticPath('/reference/')).toBe('/reference/index.html');
    expect(staticPath('/reference/init.js')).toBe('/reference/init.js');
    expect(staticPath('/referencex')).toBe('/referencex');
    expect([...files.keys()].map(typeOf)).toEqual(
      [...files.keys()].map(
        (p) =>
          ({ html: 'text/html', js: 'text/javascript', css: 'text/css', txt: 'text/plain' })[p.split('.').pop()!] +
          ';charset=UTF-8',
      ),
    );
  });

  it('nginx has a location for each spelling of each page and a type for each file', () => {
    const conf = nginxConfig(JSON.parse(readFileSync(join(SAMPLE_DIST, 'routes.json'), 'utf8')), {
      root: '/dist',
      port: 8080,
    });
    for (const { source, destination } of PAGE_REWRITES)
      for (const at of new Set([source, source.replace(/\/?$/, '/')]))
        expect(conf).toContain(`location = ${at} { try_files ${destination} =404; }`);
    const types = /types \{([^}]*)\}/.exec(conf)![1]!;
    for (const ext of ['html', 'js', 'css', 'txt']) expect(types, ext).toMatch(new RegExp(`" [a-z ]*\\b${ext}\\b`));
  });
});
