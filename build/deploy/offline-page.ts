// dist/offline.html: installs the service worker (sw.js) so that this browser answers the API from
// its cache without the network, and keeps chosen requests offline on demand.

export function offlinePage(notice: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>regstat offline</title>
<link rel="icon" href="data:,">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}.synthetic{padding:1rem;border:2px solid #c00;background:#fee}textarea{width:100%}</style>
</head><body>
<p><a href="./">← The explorer</a></p>
<h1>regstat offline</h1>
<p class="synthetic">${esc(notice)}</p>
<p id="state">Installing the offline worker…</p>
<p>Every API request made from pages of this site is answered by the worker, from files it has cached (query form and addArea included). To keep requests for later, list them here, one per line:</p>
<textarea id="urls" rows="5">/api/v1/prefectures</textarea>
<p><button id="keep">Keep offline</button> <span id="kept"></span></p>
<script>
const state = document.getElementById('state');
window.regstatReady = navigator.serviceWorker
  ? navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(() => navigator.serviceWorker.ready).then((reg) => {
      state.textContent = 'The offline worker is active: API requests from this site work without the network once fetched.';
      return reg;
    })
  : Promise.reject(new Error('This browser has no service workers (they also need https or localhost).'));
window.regstatReady.catch((e) => (state.textContent = e.message));
window.regstatKeep = (urls) =>
  window.regstatReady.then((reg) => new Promise((ok) => {
    navigator.serviceWorker.addEventListener('message', (e) => e.data && e.data.kept !== undefined && ok(e.data.kept), { once: true });
    reg.active.postMessage({ keep: urls });
  }));
document.getElementById('keep').onclick = () =>
  window.regstatKeep(document.getElementById('urls').value.split('\\n').map((s) => s.trim()).filter(Boolean)).then((n) => (document.getElementById('kept').textContent = n + ' kept'));
</script>
</body></html>
`;
}
