import { Badge, HStack } from '@chakra-ui/react';
import {
  type Trial,
  type TrialStatus,
  trialOutcomeLabels,
  trialStatusLabels,
} from '../../../../shared/schemas/trial';

/** Fixed hues, not the tenant's colour: they tell the statuses apart on every tenant's site. */
export const trialStatusPalette: Record<TrialStatus, string> = {
  SCHEDULED: 'blue',
  PENDING: 'orange',
  COMPLETED: 'teal',
  SUCCEED: 'green',
  CANCELED: 'red',
};

/** A trial's status and, once recorded, its outcome, with the spec's labels (spec 000 section 4). */
export function TrialBadges({ trial }: { trial: Pick<Trial, 'status' | 'outcome'> }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={trialStatusPalette[trial.status]} data-testid="trial-status">
        {trialStatusLabels[trial.status]}
      </Badge>
      {trial.outcome && <Badge data-testid="trial-outcome">{trialOutcomeLabels[trial.outcome]}</Badge>}
    </HStack>
  );
}
