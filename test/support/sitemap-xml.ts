import { readFileSync } from 'node:fs';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Sitemap documents read the way a search engine's parser would: libxml2 (xmllint, compiled to WebAssembly
 * by the xmllint-wasm package, so no network and no native build) parses the document and validates it
 * against the sitemaps.org 0.9 schemas vendored beside this file; the entries are then taken out of the
 * parsed tree with XPath, not matched in the text.
 */
const schemaFile = (fileName: string): XMLFileInfo => ({
  fileName,
  contents: readFileSync(new URL(`./sitemaps/${fileName}`, import.meta.url), 'utf8'),
});
const schemas = { urlset: schemaFile('sitemap.xsd'), sitemapindex: schemaFile('siteindex.xsd') };

export type SitemapRoot = keyof typeof schemas;

/** One `<url>` of a urlset, or one `<sitemap>` of an index, with its text already unescaped. */
export interface SitemapXmlEntry {
  loc: string;
  lastmod?: string;
}

export class SitemapXmlError extends Error {}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#13;': '\r' };

/** libxml2 serialises a text node escaping only these; everything else comes out as it is. */
const unescapeText = (text: string) =>
  text.replace(/&(?:amp|lt|gt|#13);/g, (entity) => XML_ENTITIES[entity]!);

/**
 * Validates `xml` against the schema of `root` (sitemap.xsd for a urlset, siteindex.xsd for a sitemap
 * index) and answers its entries in document order. Throws a SitemapXmlError with libxml2's own messages
 * when the document is not well-formed or not valid: the wrong root, a missing namespace, an element out
 * of place, a loc that is not a URI or is too long, a lastmod that is not a W3C date...
 */
export async function readSitemapXml(xml: string, root: SitemapRoot): Promise<SitemapXmlEntry[]> {
  const result = await validateXML({
    xml: { fileName: 'sitemap.xml', contents: xml },
    schema: schemas[root],
    // A full 50,000-URL file is about 4 MB; libxml2's tree of it needs more than the 32 MiB default.
    maxMemoryPages: memoryPages.GiB,
    // Instead of --noout: print the children of each entry (<loc>, <lastmod>...), one per line.
    modifyArguments: (args) =>
      args.flatMap((arg) => (arg === '--noout' ? ['--xpath', `/*[local-name()='${root}']/*/*`] : [arg])),
  }).catch((error: Error) => {
    // xmllint's other exit codes (a document it could not read at all) come back as a rejection.
    throw new SitemapXmlError(`Not a readable ${root}: ${error.message}`);
  });
  if (!result.valid) {
    throw new SitemapXmlError(
      `Not a valid ${root}:\n${result.errors.map((error) => error.rawMessage).join('\n')}`,
    );
  }
  const entries: SitemapXmlEntry[] = [];
  for (const line of result.normalized.split('\n')) {
    if (line === '') continue;
    const name = line.slice(1, line.indexOf('>'));
    const close = `</${name}>`;
    if (!line.startsWith(`<${name}>`) || !line.endsWith(close)) {
      throw new SitemapXmlError(`Unexpected node in the ${root}: ${line}`);
    }
    const text = unescapeText(line.slice(name.length + 2, -close.length));
    if (name === 'loc') entries.push({ loc: text });
    else if (name === 'lastmod') entries[entries.length - 1]!.lastmod = text;
    else throw new SitemapXmlError(`The platform writes no <${name}> in a ${root}`);
  }
  return entries;
}
