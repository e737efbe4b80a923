import type { SubTopic } from '../../../../shared/schemas/catalogue';

/**
 * "Report a broken link" on a sub-topic page: what the reader may name (each resource, each video, or
 * something else on the page) and the call each choice makes. A resource goes to POST /resources/report,
 * which names it by its key; a video or anything else goes to the spec's POST /report-issue (subject,
 * description, pagePath), whose subject names the video and whose description carries its address.
 */

/** The choice of the select: `resource:<id>`, `video:<id>`, `other`, or '' while nothing is chosen. */
export type ReportTarget = string;
export const OTHER_TARGET = 'other';

export interface ReportChoices {
  documents: Array<{ value: ReportTarget; label: string }>;
  videos: Array<{ value: ReportTarget; label: string }>;
}

export function reportChoices(subTopic: Pick<SubTopic, 'resources' | 'videoLinks'>): ReportChoices {
  return {
    documents: subTopic.resources.map((resource) => ({
      value: `resource:${resource._id}`,
      label: resource.title,
    })),
    videos: subTopic.videoLinks.map((video) => ({ value: `video:${video._id}`, label: video.title })),
  };
}

export type ReportCall =
  | {
      route: 'learningResources.report';
      body: { resourceKey: string; description: string; pagePath: string };
    }
  | { route: 'reportIssues.create'; body: { subject: string; description: string; pagePath: string } };

export type ReportCheck =
  | { ok: true; call: ReportCall }
  | { ok: false; errors: { target?: string; description?: string } };

export const CHOOSE_MESSAGE = 'Choose what does not work';
export const DESCRIBE_MESSAGE = 'Say what is wrong on the page';

/** The call for the reader's choice and details, or what is missing. */
export function reportCall(
  subTopic: Pick<SubTopic, 'name' | 'resources' | 'videoLinks'>,
  target: ReportTarget,
  details: string,
  pagePath: string,
): ReportCheck {
  const description = details.trim();
  const [kind, id] = target.split(/:(.*)/s);
  if (kind === 'resource') {
    const resource = subTopic.resources.find((r) => r._id === id);
    if (resource) {
      return {
        ok: true,
        call: {
          route: 'learningResources.report',
          body: { resourceKey: resource._id, description, pagePath },
        },
      };
    }
  }
  if (kind === 'video') {
    const video = subTopic.videoLinks.find((v) => v._id === id);
    if (video) {
      return {
        ok: true,
        call: {
          route: 'reportIssues.create',
          body: {
            subject: `Broken video: ${video.title}`.slice(0, 160),
            description: (description || `${video.url} does not play`).slice(0, 4_000),
            pagePath,
          },
        },
      };
    }
  }
  if (target === OTHER_TARGET) {
    if (!description) return { ok: false, errors: { description: DESCRIBE_MESSAGE } };
    return {
      ok: true,
      call: {
        route: 'reportIssues.create',
        body: { subject: `Problem on ${subTopic.name}`.slice(0, 160), description, pagePath },
      },
    };
  }
  return { ok: false, errors: { target: CHOOSE_MESSAGE } };
}
