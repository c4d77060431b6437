import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
const file = process.argv[2]!;
let t = performance.now();
const lap = (l: string) => { const n = performance.now(); console.log(l, Math.round(n - t)); t = n; };
if (process.argv[3] === 'make') { const a = await PGlite.create(); const d = await a.dumpDataDir('none'); (await import('node:fs')).writeFileSync(file, new Uint8Array(await d.arrayBuffer())); process.exit(0); }
const blob = new Blob([readFileSync(file)]); lap('read');
const b = await PGlite.create({ loadDataDir: blob }); lap('first from dump');
const c = await PGlite.create(); lap('second fresh');
const u = process.cpuUsage(); console.log('cpu', u.user/1e6, u.system/1e6);
