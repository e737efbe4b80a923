import { describe, expect, it } from 'vitest';
import {
  CHOOSE_MESSAGE,
  DESCRIBE_MESSAGE,
  OTHER_TARGET,
  reportCall,
  reportChoices,
} from './broken-link-report';

const subTopic = {
  name: 'Linear equations',
  resources: [
    { _id: 'r1', title: 'Revision notes', url: 'https://example.org/notes.pdf', kind: 'NOTES' as const },
    { _id: 'r2', title: 'Worksheet', url: 'https://example.org/sheet.pdf', kind: 'WORKSHEET' as const },
  ],
  videoLinks: [
    { _id: 'v1', title: 'Solving step by step', url: 'https://video.example/v1', sortingOrder: 0 },
  ],
};
const page = '/cambridge-igcse/mathematics/algebra/linear-equations';

describe('reportChoices', () => {
  it('offers every resource and every video', () => {
    expect(reportChoices(subTopic)).toEqual({
      documents: [
        { value: 'resource:r1', label: 'Revision notes' },
        { value: 'resource:r2', label: 'Worksheet' },
      ],
      videos: [{ value: 'video:v1', label: 'Solving step by step' }],
    });
  });
});

describe('reportCall', () => {
  it('asks the reader to choose when nothing (or nothing known) is chosen', () => {
    expect(reportCall(subTopic, '', 'Broken', page)).toEqual({
      ok: false,
      errors: { target: CHOOSE_MESSAGE },
    });
    expect(reportCall(subTopic, 'resource:gone', '', page)).toEqual({
      ok: false,
      errors: { target: CHOOSE_MESSAGE },
    });
    expect(reportCall(subTopic, 'video:gone', '', page).ok).toBe(false);
  });

  it('reports a resource by its key, details optional', () => {
    expect(reportCall(subTopic, 'resource:r2', '  ', page)).toEqual({
      ok: true,
      call: {
        route: 'learningResources.report',
        body: { resourceKey: 'r2', description: '', pagePath: page },
      },
    });
  });

  it('reports a video through report-issue, naming it and its address', () => {
    expect(reportCall(subTopic, 'video:v1', '', page)).toEqual({
      ok: true,
      call: {
        route: 'reportIssues.create',
        body: {
          subject: 'Broken video: Solving step by step',
          description: 'https://video.example/v1 does not play',
          pagePath: page,
        },
      },
    });
    const described = reportCall(subTopic, 'video:v1', 'Stops after a minute', page);
    expect(described.ok && described.call.body.description).toBe('Stops after a minute');
  });

  it('needs details for something else on the page', () => {
    expect(reportCall(subTopic, OTHER_TARGET, ' ', page)).toEqual({
      ok: false,
      errors: { description: DESCRIBE_MESSAGE },
    });
    expect(reportCall(subTopic, OTHER_TARGET, 'The diagram is missing', page)).toEqual({
      ok: true,
      call: {
        route: 'reportIssues.create',
        body: {
          subject: 'Problem on Linear equations',
          description: 'The diagram is missing',
          pagePath: page,
        },
      },
    });
  });
});
