import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from './config';

export interface SiteFile {
  name: string;
  body: string;
  contentType: string;
}

/**
 * The site-files port: files the site serves at its root for one tenant domain (sitemap.xml and its
 * parts). Cloud: the SPA's bucket under `sitemaps/<domain>/`, which the edge function serves at
 * `/<name>` for that Host. Local: a folder per domain under SITEMAP_DIR, served by the local web server.
 * Parts of an earlier, longer sitemap are removed locally; in the bucket they stay, unlisted by the index.
 */
export async function publishSiteFiles(domain: string, files: SiteFile[]): Promise<void> {
  const { SITE_BUCKET } = config();
  if (SITE_BUCKET) await publishToBucket(SITE_BUCKET, domain, files);
  else await publishToFolder(join(config().SITEMAP_DIR, safeDomain(domain)), files);
}

/** A domain as one folder or key segment: no separators or dot-dot tricks. */
export function safeDomain(domain: string): string {
  const clean = domain.toLowerCase().replace(/[^a-z0-9.-]/g, '');
  if (!clean || clean.startsWith('.')) throw new Error(`Not a usable domain: ${domain}`);
  return clean;
}

async function publishToFolder(dir: string, files: SiteFile[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  // Parts first, index last, each written whole then renamed: a reader never sees half a file or an
  // index that names a part not written yet.
  const ordered = [...files].sort((a, b) =>
    a.name === 'sitemap.xml' ? 1 : b.name === 'sitemap.xml' ? -1 : 0,
  );
  for (const file of ordered) {
    const temporary = join(dir, `.${file.name}.${process.pid}.tmp`);
    await writeFile(temporary, file.body, 'utf8');
    await rename(temporary, join(dir, file.name));
  }
  const names = new Set(files.map((file) => file.name));
  for (const existing of await readdir(dir)) {
    if (/^sitemap-\d+\.xml$/.test(existing) && !names.has(existing))
      await rm(join(dir, existing), { force: true });
  }
}

let client: import('@aws-sdk/client-s3').S3Client | undefined;

async function publishToBucket(bucket: string, domain: string, files: SiteFile[]): Promise<void> {
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  client ??= new S3Client({ region: config().AWS_REGION });
  const s3 = client;
  const ordered = [...files].sort((a, b) =>
    a.name === 'sitemap.xml' ? 1 : b.name === 'sitemap.xml' ? -1 : 0,
  );
  for (const file of ordered) {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `sitemaps/${safeDomain(domain)}/${file.name}`,
        Body: file.body,
        ContentType: file.contentType,
        CacheControl: 'public, max-age=3600',
      }),
    );
  }
}
