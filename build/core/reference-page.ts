// dist/reference/: the API reference, Swagger UI rendering the dist's own openapi.json in the browser.
// regstat is run on air-gapped networks, so the page loads nothing but files of its own folder: Swagger
// UI is copied from node_modules, its outside calls are switched off in init.js, and a Content-Security-
// Policy in the page refuses any other origin should a later Swagger UI add one.
//
// Every link is written so that it resolves the same from /reference/ and from /reference: `serve`
// cannot tell the two apart (its rewrites match both), so both serve this page.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REFERENCE_FOLDER as REFERENCE } from '../runtime/pages.ts';
import { UserError } from '../user-error.ts';

/** The page's own rules: a header on one line above Swagger UI, whose stylesheet scopes everything under .swagger-ui. */
const STYLE =
  'body{margin:0}header{font:14px/1.5 sans-serif;padding:8px 20px;border-bottom:1px solid #ddd}header a{margin-right:1em}';

// data: for Swagger UI's inline SVG icons; the inline style by its hash, so no other inline code runs.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// `../reference/…` rather than `./…`: from /reference (no slash) a relative link resolves against /.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>regstat API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="../reference/swagger-ui.css">
<style>${STYLE}</style>
</head><body>
<header><a href="../">Explorer</a><a href="../openapi.json">openapi.json</a>regstat API reference (Swagger UI)</header>
<div id="swagger-ui"><noscript>This page needs JavaScript; the document it shows is <a href="../openapi.json">openapi.json</a>.</noscript></div>
<script src="../reference/swagger-ui-bundle.js"></script>
<script src="../reference/init.js"></script>
</body></html>
`;

// Swagger UI's options that reach the network (its defaults object in swagger-ui-bundle.js: validatorUrl,
// configUrl, urls, queryConfigEnabled, oauth2RedirectUrl) are set or left off in init.js, each with why.
const INIT = `// regstat API reference: Swagger UI over this dist's own openapi.json. Nothing here may reach another
// origin (regstat runs on air-gapped networks), so each option that could is set, or said to be left unset.
window.ui = SwaggerUIBundle({
  // This dist's own document, one folder up from the page. (configUrl and urls, which would be fetched
  // as well, stay unset.)
  url: new URL('../openapi.json', location.href).href,
  dom_id: '#swagger-ui',
  // The validator badge loads an image from validator.swagger.io, sending it this page's address. Only
  // the StandaloneLayout shows it, not this one; off all the same, should the layout ever change.
  validatorUrl: null,
  deepLinking: true,
  // Try it out stays a button the reader presses; it sends to the document's servers, "/": this origin.
  tryItOutEnabled: false,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  defaultModelsExpandDepth: 0,
  // ?url= or ?config= in the address would load a document or a configuration from anywhere (off by
  // default; kept off here so that no one turns it on unawares).
  queryConfigEnabled: false,
  // oauth2RedirectUrl is left alone: only the Authorize dialog of OAuth2 schemes opens it, and the
  // document declares none (the API takes no key).
});
`;

let files: [string, string][] | undefined;

/** The files of dist/reference/, as (path, body); Swagger UI is read from node_modules once. */
export function referenceFiles(): [string, string][] {
  files ??= build();
  return files;
}

function build(): [string, string][] {
  const dir = swaggerUiDir();
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch (e) {
      throw new UserError(
        `The API reference needs ${join(dir, name)}, which cannot be read (${(e as Error).message}); reinstall it with npm ci.`,
        { cause: e },
      );
    }
  };
  const licence = [
    'Swagger UI (swagger-ui-dist), served in this folder as swagger-ui-bundle.js and swagger-ui.css.',
    `It is licensed under the Apache License 2.0; its NOTICE, the licence, and the notices of the libraries its bundle includes follow.\n`,
    '==== NOTICE ====\n',
    read('NOTICE'),
    '\n==== LICENSE ====\n',
    read('LICENSE'),
    '\n==== swagger-ui-bundle.js.LICENSE.txt: the libraries bundled into swagger-ui-bundle.js ====\n',
    read('swagger-ui-bundle.js.LICENSE.txt'),
  ].join('\n');
  return [
    [`${REFERENCE}/index.html`, PAGE],
    [`${REFERENCE}/init.js`, INIT],
    [`${REFERENCE}/swagger-ui-bundle.js`, withoutSourceMaps(read('swagger-ui-bundle.js'))],
    [`${REFERENCE}/swagger-ui.css`, withoutSourceMaps(read('swagger-ui.css'))],
    [`${REFERENCE}/LICENSE.txt`, licence],
  ];
}

function swaggerUiDir(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    throw new UserError(
      'The API reference (dist/reference/) is built from the package swagger-ui-dist, which is not installed: run npm ci.',
    );
  }
}

/** The .map files are not copied, and a browser with developer tools open would ask for them. */
export function withoutSourceMaps(text: string): string {
  return text.replace(
    /^[ \t]*(?:\/\/[#@][ \t]*sourceMappingURL=[^\n]*|\/\*[#@][ \t]*sourceMappingURL=[^\n]*?\*\/[ \t]*)(?:\n|$)/gm,
    '',
  );
}
