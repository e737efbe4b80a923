import { enumLabels } from '../../../../shared/rules/enum-labels';

/** What a section of each kind is called in the back-office's section tree and lesson lists. */
export const kindLabels = enumLabels.sectionKind;
