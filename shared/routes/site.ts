import { strictObject } from 'zod/mini';
import {
  metaTagInputSchema,
  metaTagLookupQuerySchema,
  metaTagLookupSchema,
  metaTagSchema,
} from '../schemas/meta-tag';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import { redirectionInputSchema, redirectionSchema } from '../schemas/redirection';
import { sitemapGenerationSchema } from '../schemas/sitemap';
import { crudRoutes } from './crud';
import { permission, publicAccess, route } from './define';

/** Site settings of the back-office (spec 001 section 7): meta tags, redirections and the sitemap. */
export const metaTagRoutes = [
  ...crudRoutes({
    resource: 'meta-tags',
    basePath: '/admin/meta-tags',
    label: 'meta tag',
    doc: metaTagSchema,
    input: metaTagInputSchema,
    access: {
      area: 'adminSettings',
      view: 'metaTagsView',
      create: 'metaTagsCreate',
      edit: 'metaTagsEdit',
      delete: 'metaTagsDelete',
    },
  }),
  route({
    id: 'meta-tags.byPath',
    method: 'GET',
    path: '/meta-tags',
    resource: 'meta-tags',
    access: publicAccess,
    query: metaTagLookupQuerySchema.strict(),
    response: metaTagLookupSchema,
    summary: 'The title and description of a site path (empty when it has none); cached briefly',
  }),
];

export const redirectionRoutes = crudRoutes({
  resource: 'redirections',
  basePath: '/admin/redirections',
  label: 'redirection',
  doc: redirectionSchema,
  input: redirectionInputSchema,
  access: {
    area: 'adminSettings',
    view: 'redirectionsView',
    create: 'redirectionsCreate',
    edit: 'redirectionsEdit',
    delete: 'redirectionsDelete',
  },
});

export const sitemapRoutes = [
  route({
    id: 'sitemap.list',
    method: 'GET',
    path: '/admin/sitemaps',
    resource: 'sitemap',
    access: permission('adminSettings', 'sitemapView'),
    query: strictObject(pagingQuerySchema.shape),
    response: pageSchema(sitemapGenerationSchema),
    summary: 'Sitemap generations, newest first',
  }),
  route({
    id: 'sitemap.create',
    method: 'POST',
    path: '/admin/sitemaps',
    resource: 'sitemap',
    access: permission('adminSettings', 'sitemapCreate'),
    // Spec 001 section 7: "POST create with empty body"; whatever is sent is ignored.
    response: sitemapGenerationSchema,
    summary: 'Start a sitemap generation (202; it runs on the event bus)',
  }),
];

export const siteRoutes = [...metaTagRoutes, ...redirectionRoutes, ...sitemapRoutes];
