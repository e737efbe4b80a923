// CloudFront Function (JavaScript runtime 2.0), viewer request of the SPA's distribution, with the
// redirections' KeyValueStore associated (infra/cloud/web.ts): `cf.kvs()` is that store.
import cf from 'cloudfront';

const kvs = cf.kvs();
const BASE = '/learning-portal';

// The same cleaning as shared/rules/slug.ts cleanSitePath (test/infra checks they agree): the decoded
// path, each segment lowercased, trimmed, slashes and spaces as hyphens, empty segments dropped.
function cleanPath(uri) {
  let decoded;
  try {
    decoded = decodeURIComponent(uri);
  } catch (_) {
    return undefined;
  }
  const kept = [];
  for (const part of decoded.trim().split(/[?#]/)[0].split('/')) {
    const segment = part.toLowerCase().trim().replace(/[/\s]/g, '-');
    if (segment !== '') kept.push(segment);
  }
  return `/${kept.join('/')}`;
}

function redirect(status, location) {
  return {
    statusCode: status,
    statusDescription: status === 302 ? 'Found' : 'Moved Permanently',
    headers: { location: { value: location }, 'cache-control': { value: 'no-store' } },
  };
}

async function lookUpRedirect(host, uri) {
  const path = cleanPath(uri);
  if (!path || path === '/') return undefined;
  try {
    const value = await kvs.get(host + path, { format: 'json' });
    // biome-ignore lint/complexity/useOptionalChain: plain checks, as CloudFront's runtime documents them.
    return value && value.to ? redirect(value.status === 302 ? 302 : 301, value.to) : undefined;
  } catch (_) {
    return undefined; // not a redirected path (the store throws for a missing key)
  }
}

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls the function named handler.
async function handler(event) {
  const request = event.request;
  const uri = request.uri;
  const host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  if (uri === '/' || uri === BASE) return redirect(301, `${BASE}/`);

  // Each tenant's robots.txt, naming its own sitemap (shared/rules/sitemap.ts robotsTxt writes the same).
  if (uri === '/robots.txt' && /^[a-z0-9.-]+$/.test(host)) {
    return {
      statusCode: 200,
      statusDescription: 'OK',
      headers: {
        'content-type': { value: 'text/plain; charset=utf-8' },
        'cache-control': { value: 'public, max-age=86400' },
      },
      body: {
        encoding: 'text',
        data: `User-agent: *\nDisallow: /learning-portal/admin/\n\nSitemap: https://${host}/sitemap.xml\n`,
      },
    };
  }

  // Each tenant's sitemap, written by the sitemap function under sitemaps/<domain>/.
  const name = uri.slice(1);
  if (/^sitemap(-[1-9]\d{0,5})?\.xml$/.test(name) && /^[a-z0-9.-]+$/.test(host)) {
    request.uri = `/sitemaps/${host}/${name}`;
    return request;
  }

  // Redirections, by <domain><path>; the SPA's built files never are.
  if (uri.indexOf(`${BASE}/assets/`) !== 0) {
    const redirected = await lookUpRedirect(host, uri);
    if (redirected) return redirected;
  }

  // Portal paths without a file extension are the SPA's own routes, served by index.html.
  if (uri.indexOf(`${BASE}/`) === 0 && uri.split('/').pop().indexOf('.') === -1) {
    request.uri = '/learning-portal/index.html';
  }
  return request;
}
