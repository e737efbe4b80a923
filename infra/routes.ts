/**
 * `npm run routes` prints every declared route (method, path, resource, access) as a table;
 * `npm run routes -- --json` prints them as a JSON array.
 */
import { routes } from '../shared/routes/catalogue';
import type { Access } from '../shared/routes/define';

export function describeAccess(access: Access): string {
  if (access.kind !== 'permission') return access.kind;
  const scope = access.tenantScoped ? ' (tenant-scoped)' : '';
  return `${access.areas.join('|')}:${access.actions.join('|')}${scope}`;
}

const rows = routes.map((r) => ({
  method: r.method,
  path: r.path,
  resource: r.resource,
  access: describeAccess(r.access),
}));

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const headers = ['method', 'path', 'resource', 'access'] as const;
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((row) => row[h].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line([...headers]));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(headers.map((h) => row[h])));
  console.log(`\n${rows.length} routes`);
}
