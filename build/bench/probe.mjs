// The bench's prober: asks the prepared masters one after another until its stdin closes, then prints
// every latency (ms) as JSON. A process of its own, so that what it measures is the server's holding
// of a request, not the bench's own event loop reading other answers. It says "ready" on stderr once
// its own first request (connection and fetch set up, not counted) is answered.
const base = process.argv[2];
const PROBES = ['/api/v1/prefectures', ...Array.from({ length: 47 }, (_, i) => `/api/v1/cities?prefCode=${i + 1}`)];
let done = false;
process.stdin.on('data', () => {}).on('end', () => (done = true));
for (const url of PROBES) await (await fetch(base + url)).arrayBuffer();
process.stderr.write('ready\n');
const out = [];
for (let i = 0; !done; i++) {
  const t = performance.now();
  await (await fetch(base + PROBES[i % PROBES.length])).arrayBuffer();
  out.push(performance.now() - t);
}
process.stdout.write(JSON.stringify(out));
