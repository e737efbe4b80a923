import { Badge } from '@chakra-ui/react';
import type { AppealStatus, PenaltyWaiverDoc } from '../../../shared/schemas/penalty-waiver';

export const appealLabels: Record<AppealStatus, string> = {
  PENDING: 'Appeal pending',
  ACCEPTED: 'Appeal accepted',
  REJECTED: 'Appeal rejected',
};
const appealPalettes: Record<AppealStatus, string> = { PENDING: 'amber', ACCEPTED: 'green', REJECTED: 'red' };

/** A waiver's appeal as a chip; a dash while it has none. */
export function AppealBadge({ status }: { status: AppealStatus | undefined }) {
  if (!status) return <>-</>;
  return (
    <Badge size="sm" colorPalette={appealPalettes[status]}>
      {appealLabels[status]}
    </Badge>
  );
}

/**
 * "-USD 12.50": what the waiver changes the tutor's pay by, with its sign (spec 001 section 9: tutor
 * adjustments shown with an optional sign); a lifted penalty shows its amount struck through beside 0.
 */
export function waiverAmountText(waiver: Pick<PenaltyWaiverDoc, 'type' | 'amount' | 'currency'>): string {
  if (waiver.amount === undefined) return '-';
  const sign = waiver.type === 'DEDUCTION' ? '-' : '+';
  return `${sign}${waiver.currency} ${waiver.amount.toFixed(2)}`;
}
