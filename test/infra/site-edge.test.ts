import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { robotsTxt } from '../../shared/rules/sitemap';
import { cleanSitePath } from '../../shared/rules/slug';
import { type DeployedTemplate, resolveParameters, resourcesOfType, synthStack, templatesOf } from './synth';

/**
 * The CloudFront Function, run in Node against a fake KeyValueStore: `import cf from 'cloudfront'` is the
 * one line Node cannot run, so it is swapped for the fake before the code is evaluated.
 */
type EdgeRequest = { uri: string; headers: Record<string, { value: string }> };
type EdgeResult = EdgeRequest | { statusCode: number; headers: Record<string, { value: string }> };

function edgeFunction(store: Record<string, unknown>) {
  const source = readFileSync(resolve(import.meta.dirname, '../../infra/cloud/edge-routing.js'), 'utf8');
  expect(source).toContain("import cf from 'cloudfront';");
  const body = source.replace("import cf from 'cloudfront';", '');
  const fakeCf = {
    kvs: () => ({
      async get(key: string, options: { format: string }) {
        if (!(key in store)) throw new Error(`The key ${key} does not exist`);
        expect(options).toEqual({ format: 'json' });
        return store[key];
      },
    }),
  };
  const make = new Function('cf', `${body}\nreturn { handler, cleanPath };`) as (cf: unknown) => {
    handler: (event: { request: EdgeRequest }) => Promise<EdgeResult>;
    cleanPath: (uri: string) => string | undefined;
  };
  return make(fakeCf);
}

const request = (uri: string, host = 'learn.example.com'): { request: EdgeRequest } => ({
  request: { uri, headers: { host: { value: host } } },
});

describe('edge routing function', () => {
  const edge = edgeFunction({
    'learn.example.com/old-maths': { to: '/learning-portal/cambridge-igcse', status: 301 },
    'learn.example.com/learning-portal/promo': { to: 'https://example.org/promo', status: 302 },
    'other.example.com/only-there': { to: '/x', status: 301 },
  });

  it('redirects a path the store has for this host, with its status', async () => {
    expect(await edge.handler(request('/old-maths'))).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/learning-portal/cambridge-igcse' } },
    });
    expect(await edge.handler(request('/Old-Maths/'))).toMatchObject({ statusCode: 301 });
    expect(await edge.handler(request('/learning-portal/promo'))).toMatchObject({
      statusCode: 302,
      headers: { location: { value: 'https://example.org/promo' } },
    });
  });

  it('keeps tenants apart: the key includes the host', async () => {
    expect(await edge.handler(request('/only-there'))).toMatchObject({ uri: '/only-there' });
    expect(await edge.handler(request('/only-there', 'other.example.com'))).toMatchObject({
      statusCode: 301,
    });
  });

  it('serves the SPA for portal routes and leaves files alone', async () => {
    expect(await edge.handler(request('/learning-portal/portal/courses'))).toMatchObject({
      uri: '/learning-portal/index.html',
    });
    expect(await edge.handler(request('/learning-portal/assets/index-abc.js'))).toMatchObject({
      uri: '/learning-portal/assets/index-abc.js',
    });
    expect(await edge.handler(request('/'))).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/learning-portal/' } },
    });
  });

  it("serves each tenant's sitemap from its own folder, and refuses odd hosts", async () => {
    expect(await edge.handler(request('/sitemap.xml'))).toMatchObject({
      uri: '/sitemaps/learn.example.com/sitemap.xml',
    });
    expect(await edge.handler(request('/sitemap-2.xml', 'Learn.Example.com'))).toMatchObject({
      uri: '/sitemaps/learn.example.com/sitemap-2.xml',
    });
    expect(await edge.handler(request('/sitemap.xml', 'evil/../x'))).toMatchObject({ uri: '/sitemap.xml' });
  });

  it("answers each tenant's robots.txt naming its own sitemap, the same text as the local server's", async () => {
    const answer = (await edge.handler(request('/robots.txt', 'Learn.Example.com'))) as {
      statusCode: number;
      headers: Record<string, { value: string }>;
      body: { encoding: string; data: string };
    };
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']!.value).toMatch(/^text\/plain/);
    expect(answer.body).toEqual({ encoding: 'text', data: robotsTxt('https://learn.example.com') });
    expect(answer.body.data).toContain('Sitemap: https://learn.example.com/sitemap.xml');
    expect(await edge.handler(request('/robots.txt', 'evil/../x'))).toMatchObject({ uri: '/robots.txt' });
  });

  it('cleans paths exactly like shared/rules/slug.ts, so keys written by the API are the keys read here', () => {
    for (const uri of [
      '/Old Page',
      '/old%20page/',
      '/A//B///c',
      '/learning-portal/Cambridge%20IGCSE',
      '/page.html',
      '/%E6%95%B0%E5%AD%A6',
      '/a%2Fb',
      '/',
    ]) {
      expect(edge.cleanPath(uri), uri).toBe(cleanSitePath(decodeURIComponent(uri)));
    }
    expect(edge.cleanPath('/%E0%A4%A')).toBeUndefined();
  });
});

describe('cloud stack: redirections and sitemap', () => {
  /** The parent stack's template; `templates` adds the nested stacks', where the HTTP resources' Lambdas are. */
  let template: Template;
  let templates: DeployedTemplate[];
  beforeAll(() => {
    templates = templatesOf(synthStack('SiteEdge-dev'));
    template = templates[0]!.template;
  });

  const functionWithEnv = (name: string) =>
    resourcesOfType(templates, 'AWS::Lambda::Function')
      .filter(({ resource }) => Object.keys(resource.Properties.Environment?.Variables ?? {}).includes(name))
      .map(({ id }) => id);
  /** The IAM policies' properties, with what the parent passes in place of the nested stacks' parameters. */
  const policies = () =>
    resourcesOfType(templates, 'AWS::IAM::Policy').map(({ resource, deployed }) =>
      resolveParameters(resource.Properties, deployed.parameters),
    );

  it('associates a KeyValueStore with the viewer-request function on runtime 2.0', () => {
    template.resourceCountIs('AWS::CloudFront::KeyValueStore', 1);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({
        Runtime: 'cloudfront-js-2.0',
        KeyValueStoreAssociations: [{ KeyValueStoreARN: Match.anyValue() }],
      }),
    });
  });

  it('lets only the redirect-edge function write the store, and tells only it where the store is', () => {
    const writers = policies().filter((policy) =>
      JSON.stringify(policy).includes('cloudfront-keyvaluestore:PutKey'),
    );
    expect(writers).toHaveLength(1);
    expect(JSON.stringify(writers[0])).toMatch(/RedirectEdge/);
    // the daily reconcile lists every key and writes in batches
    for (const action of ['ListKeys', 'UpdateKeys', 'DeleteKey', 'DescribeKeyValueStore'])
      expect(JSON.stringify(writers[0])).toContain(`cloudfront-keyvaluestore:${action}`);
    // The writers of redirections tell it through their events (the outbox), not the store.
    expect(functionWithEnv('REDIRECTS_KVS_ARN')).toEqual([expect.stringMatching(/^FunctionsRedirectEdge/)]);
  });

  it('lets the sitemap function put objects under sitemaps/ of the site bucket, and nothing else does', () => {
    const withBucket = functionWithEnv('SITE_BUCKET');
    expect(withBucket).toEqual([expect.stringMatching(/^Sitemap[0-9A-F]{8}$/)]);
    const siteBucketId = Object.keys(template.findResources('AWS::S3::Bucket')).find((id) =>
      id.startsWith('SiteBucket'),
    );
    const putters = policies().filter((policy) => JSON.stringify(policy).includes('/sitemaps/*'));
    expect(putters).toHaveLength(1);
    expect(JSON.stringify(putters[0])).toMatch(/s3:PutObject/);
    expect(JSON.stringify(putters[0])).toMatch(/"SitemapServiceRole[0-9A-F]{8}"/);
    expect(JSON.stringify(putters[0])).toContain(`"${siteBucketId}"`);
  });

  it('dead-letters a redirect the edge could not take, and reconciles the edge store daily', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule')).map(
      (rule) => rule.Properties as Record<string, any>,
    );
    const queues = template.findResources('AWS::SQS::Queue');
    const [queueId] = Object.keys(queues).filter((id) => id.startsWith('EventDeadLetters'));
    expect(queueId).toBeDefined();
    expect(queues[queueId!]!.Properties).toMatchObject({
      MessageRetentionPeriod: 14 * 86_400,
      SqsManagedSseEnabled: true,
    });

    // The per-change rule: retried, then its failed deliveries kept in the queue
    const onChange = rules.find((r) => r.EventPattern?.['detail-type']?.includes('RedirectionChanged'));
    expect(onChange!.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [expect.stringMatching(/^FunctionsRedirectEdge/), 'Arn'] },
        RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      }),
    ]);
    // EventBridge may write to the queue (only for this stack's rules)
    const policy = Object.values(template.findResources('AWS::SQS::QueuePolicy'))[0]!;
    expect(JSON.stringify(policy.Properties)).toContain('events.amazonaws.com');
    expect(JSON.stringify(policy.Properties)).toContain('sqs:SendMessage');

    // The daily reconcile: a schedule on the same function, with the same dead-letter queue
    const reconcile = rules.find((r) => r.ScheduleExpression === 'cron(30 3 * * ? *)');
    expect(reconcile!.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [expect.stringMatching(/^FunctionsRedirectEdge/), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      }),
    ]);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
  });

  it('runs the sitemap daily and on request, and mirrors redirections on change', () => {
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'cron(0 3 * * ? *)' });
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['learning-platform'], 'detail-type': ['SitemapRequested'] },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['learning-platform'], 'detail-type': ['RedirectionChanged'] },
    });
  });
});
