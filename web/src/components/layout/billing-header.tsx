import { Badge, Box, Button, CloseButton, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { holdsAny } from '../../../../shared/permissions/check';
import type { AuthUser } from '../../../../shared/schemas/user';
import { paths } from '../../config/paths';
import { storageKeys } from '../../config/storage-keys';
import { useCourseCredits } from '../../lib/api/billing';
import { minutesText } from '../../lib/money-text';

/**
 * The header's billing contents (spec 000 section 6, headerContents): creditsViewer, upgradeButton and
 * discountBanner, each shown exactly to the roles holding it. Loaded on its own (the header lazy-loads it),
 * so a first page does not carry it.
 */

type RoleHolder = Pick<AuthUser, 'role' | 'type'>;

/**
 * Whether the account's role holds a header content. These are a buyer's (a student, a parent, a guest):
 * an admin role holding every permission, or a tutor, is not offered plans or a free trial.
 */
const buyerTypes = new Set<RoleHolder['type']>(['student', 'parent', 'guest']);
const holds = (user: RoleHolder | undefined, action: string) =>
  !!user &&
  buyerTypes.has(user.type) &&
  holdsAny(user.role.permissions, { areas: ['headerContents'], actions: [action] });

/** Whether the header shows the account's credits: a student whose role holds creditsViewer. */
export function showsCredits(user: RoleHolder | undefined): boolean {
  return user?.type === 'student' && holds(user, 'creditsViewer');
}

/**
 * The signed-in student's lesson credits, across their credit courses, and the lesson minutes left of their
 * flexible plans; nothing is read for anyone else.
 */
export function HeaderCredits({ user }: { user: RoleHolder }) {
  const shown = showsCredits(user);
  const { data } = useCourseCredits(undefined, shown);
  if (!shown || !data) return null;
  return (
    <>
      {data.planMinutes !== 0 && (
        <Button
          asChild
          variant="ghost"
          size="sm"
          aria-label={`Lesson minutes: ${minutesText(data.planMinutes)}`}
        >
          <RouterLink to={paths.billing} data-testid="header-plan-minutes">
            Minutes
            <Badge colorPalette={data.planMinutes > 0 ? 'green' : 'gray'}>{data.planMinutes}</Badge>
          </RouterLink>
        </Button>
      )}
      {data.docs.length > 0 && (
        <Button asChild variant="ghost" size="sm" aria-label={`Lesson credits: ${data.total}`}>
          <RouterLink to={paths.billing} data-testid="header-credits">
            Credits
            <Badge colorPalette={data.total > 0 ? 'green' : 'gray'}>{data.total}</Badge>
          </RouterLink>
        </Button>
      )}
    </>
  );
}

/** Whether the header offers "Upgrade" (upgradeButton). */
export const showsUpgrade = (user: RoleHolder | undefined) => holds(user, 'upgradeButton');

/** "Upgrade" (upgradeButton): to the plans. */
export function UpgradeButton({ user }: { user: RoleHolder }) {
  if (!showsUpgrade(user)) return null;
  return (
    <Button asChild size="sm" colorPalette="brand" variant="subtle">
      <RouterLink to={paths.subscriptions}>Upgrade</RouterLink>
    </Button>
  );
}

/** The signed-in header's billing contents: the credits viewer and Upgrade, each for the roles holding it. */
export function HeaderBilling({ user }: { user: RoleHolder }) {
  return (
    <>
      <HeaderCredits user={user} />
      <UpgradeButton user={user} />
    </>
  );
}

/** Whether the discount banner is for this visitor: signed out (a guest), or a role holding discountBanner. */
export function showsDiscountBanner(user: RoleHolder | undefined): boolean {
  return user === undefined || holds(user, 'discountBanner');
}

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(storageKeys.bannerStatus) === 'dismissed';
  } catch {
    return false;
  }
}

/**
 * The discount banner: a card floating in the bottom corner (so it moves nothing on the page as it comes in,
 * after the page) pointing a guest to the free trial class. Dismissed once, it stays away on this device.
 */
export function DiscountBanner({ user }: { user: RoleHolder | undefined }) {
  // The header asks for it once the page is idle, whoever is signed in: it decides here who sees it.
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed || !showsDiscountBanner(user)) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(storageKeys.bannerStatus, 'dismissed');
    } catch {
      // Private mode without storage: dismissed for this visit only.
    }
  };
  return (
    <Box
      role="region"
      aria-label="Offer"
      position="fixed"
      bottom={{ base: '4', md: '6' }}
      left={{ base: '4', md: '6' }}
      // Clear of the chat button in the opposite corner (bottom 6, right 6, 48 px wide).
      right={{ base: '88px', md: 'auto' }}
      maxW="sm"
      zIndex="banner"
      bg="brand.solid"
      color="brand.contrast"
      rounded="l3"
      shadow="lg"
      px="4"
      py="3"
      data-no-print=""
    >
      <Flex align="start" gap="2">
        <Stack gap="2" flex="1">
          <Text fontSize="sm" fontWeight="medium">
            Your first class is free: book a free trial lesson with one of our tutors.
          </Text>
          <Button asChild size="xs" bg="bg" color="fg" alignSelf="start" _hover={{ bg: 'bg.muted' }}>
            <RouterLink to={paths.home} onClick={dismiss}>
              Book a free trial
            </RouterLink>
          </Button>
        </Stack>
        <CloseButton size="2xs" aria-label="Dismiss offer" color="brand.contrast" onClick={dismiss} />
      </Flex>
    </Box>
  );
}
