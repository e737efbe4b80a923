import { build } from 'esbuild';
import { esbuildOptions } from './infra/cloud/bundling';
const entry = process.argv[2] ?? 'functions/users/handler.ts';
const r = await build({ ...esbuildOptions, entryPoints: [entry], outfile: '/tmp/users-meta.mjs', metafile: true });
const out = Object.values(r.metafile!.outputs)[0]!;
console.log('total', out.bytes);
const rows = Object.entries(out.inputs).map(([f, i]) => [f, i.bytesInOutput] as const).sort((a, b) => b[1] - a[1]);
let byPkg: Record<string, number> = {};
for (const [f, b] of rows) { const k = f.includes('node_modules') ? f.split('node_modules/')[1]!.split('/').slice(0, f.includes('@') ? 2 : 1).join('/') : f.split('/').slice(0, 2).join('/'); byPkg[k] = (byPkg[k] ?? 0) + b; }
console.log(Object.entries(byPkg).sort((a, b) => b[1] - a[1]).slice(0, 25));
console.log(rows.filter(([f]) => !f.includes('node_modules')).slice(0, 60).map(r=>r.join(' ')).join('\n'));
