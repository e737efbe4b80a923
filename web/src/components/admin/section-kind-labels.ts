import type { SectionKind } from '../../../../shared/schemas/section';

/** What a section of each kind is called in the back-office's section tree and lesson lists. */
export const kindLabels: Record<SectionKind, string> = {
  SECTION: 'Folder',
  TEAMS: 'Teams meeting',
  ZOOM: 'Zoom meeting',
  RESOURCE: 'Resource',
  HOMEWORK: 'Homework',
};
