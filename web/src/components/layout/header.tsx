import { Box, Button, chakra, Flex, HStack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { canUseBackOffice } from '../../lib/back-office';
import { endSession, useSession } from '../../lib/session';
import { useTenantBrand } from '../../lib/use-tenant';
import { TenantName } from '../tenant-name';
import { ThemeToggle } from './theme-toggle';

/**
 * The phone menu, the profile drop-down (one module: one chunk and one list of its parts to preload) and
 * the mode switches: signed-in only, so a visitor's first page does not load their code.
 * The switches decide whom they show to (catalogue editors, tutors) by the route table's access rules,
 * which this way stay off the first page too.
 */
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const ProfileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.ProfileMenu })));
const EditModeSwitch = lazy(() => import('./edit-mode-switch').then((m) => ({ default: m.EditModeSwitch })));
/** The bell (issue 19 item 7): its socket and list, off the first page's code. */
const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);
/** The header's billing contents (credits, Upgrade, the discount banner): one chunk, off the first page. */
const HeaderBilling = lazy(() => import('./billing-header').then((m) => ({ default: m.HeaderBilling })));
const DiscountBanner = lazy(() => import('./billing-header').then((m) => ({ default: m.DiscountBanner })));

/**
 * True once the page has loaded and the browser is idle: the discount banner floats over the page, so
 * coming then moves nothing, and the first page's load does not wait for its code.
 */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(() => setIdle(true)) : setIdle(true);
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
    return () => removeEventListener('load', whenIdle);
  }, []);
  return idle;
}

export function Header() {
  const session = useSession();
  const { brand } = useTenantBrand();
  const navigate = useNavigate();
  const backOffice = !!session && canUseBackOffice(session.user);
  const idle = useIdle();

  const signOut = () => {
    // Leave the signed-in page first (committed at once, not in a transition), so its guard does not send
    // the visitor to the login page when the session ends.
    void navigate(paths.home, { flushSync: true });
    endSession();
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" h="64px" bg="bg" borderBottomWidth="1px">
      <Flex h="full" maxW="7xl" mx="auto" px="4" align="center" justify="space-between" gap="4">
        <RouterLink to={paths.home}>
          {brand?.logoUrl ? (
            // The logo stands for the name: its text is the name, for screen readers and a logo that fails.
            <chakra.img src={brand.logoUrl} alt={brand.name} h="40px" maxW="200px" objectFit="contain" />
          ) : (
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              <TenantName />
            </Text>
          )}
        </RouterLink>
        <HStack gap="2">
          {session ? (
            <>
              <Button asChild variant="ghost" size="sm">
                <RouterLink to={paths.portal}>Portal</RouterLink>
              </Button>
              {/* Phones: the rest of the header folds into one menu (spec 000: small screens from 576 px). */}
              <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to={paths.dashboard}>Dashboard</RouterLink>
                </Button>
                <Button asChild variant="ghost" size="sm">
                  <RouterLink to={paths.tutors}>Tutors</RouterLink>
                </Button>
                <Suspense fallback={null}>
                  <EditModeSwitch />
                </Suspense>
                <Suspense fallback={null}>
                  <HeaderBilling user={session.user} />
                </Suspense>
                {backOffice && (
                  <Button asChild variant="ghost" size="sm">
                    <RouterLink to={paths.admin}>Admin</RouterLink>
                  </Button>
                )}
                <Suspense
                  fallback={
                    <Text fontSize="sm" color="fg.muted">
                      {session.user.firstname} {session.user.lastname}
                    </Text>
                  }
                >
                  <ProfileMenu user={session.user} onNavigate={(path) => navigate(path)} />
                </Suspense>
                <Button size="sm" variant="outline" onClick={signOut}>
                  Sign out
                </Button>
              </HStack>
              {/* Guests get no notifications (spec 000 section 6); the bell comes once the page is idle. */}
              {session.user.type !== 'guest' && idle && (
                <Suspense fallback={<Box aria-hidden w="8" h="8" />}>
                  <NotificationBell />
                </Suspense>
              )}
              {/* The menu button's place is kept while its code loads, so the header does not shift. */}
              <Suspense fallback={<Box aria-hidden w="8" h="8" display={{ base: 'block', md: 'none' }} />}>
                <MobileMenu
                  name={`${session.user.firstname} ${session.user.lastname}`}
                  backOffice={backOffice}
                  onNavigate={(path) => navigate(path)}
                  onSignOut={signOut}
                />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" display={{ base: 'none', sm: 'inline-flex' }}>
                <RouterLink to={paths.tutors}>Tutors</RouterLink>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <RouterLink to={paths.login}>Log in</RouterLink>
              </Button>
              <Button asChild size="sm">
                <RouterLink to={paths.signUp}>Sign up</RouterLink>
              </Button>
            </>
          )}
          <ThemeToggle />
        </HStack>
      </Flex>
      {idle && (
        <Suspense fallback={null}>
          <DiscountBanner user={session?.user} />
        </Suspense>
      )}
    </Box>
  );
}
