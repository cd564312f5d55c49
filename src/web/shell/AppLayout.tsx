import { AppShell, Center, Drawer, Loader, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isApiError } from '../api/client';
import { useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { PageLoader } from '../ui/PageLoader';
import { HeaderBar } from './HeaderBar';
import { NavMenu } from './NavMenu';
import { useScrollOnNavigate } from './useScrollOnNavigate';

/**
 * The signed-in frame: header, sidebar (a drawer below the lg breakpoint), and the page. Visitors without a
 * session are sent to /login with the page they wanted in `next`.
 */
const CommandPalette = lazy(() => import('./CommandPalette'));

export function AppLayout() {
  const me = useMe();
  const location = useLocation();
  const { to, dir } = useLocale();
  const [drawerOpen, drawer] = useDisclosure(false);
  useScrollOnNavigate();
  useEffect(() => drawer.close(), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  if (me.isPending) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (me.error) {
    if (isApiError(me.error, 401)) {
      const next = encodeURIComponent(location.pathname + location.search + location.hash);
      return <Navigate to={`${to('/login')}?next=${next}`} replace />;
    }
    throw me.error;
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 272, breakpoint: 'lg', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <HeaderBar drawerOpen={drawerOpen} onBurger={drawer.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <ScrollArea type="auto" p="xs">
          <NavMenu />
        </ScrollArea>
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        position={dir === 'rtl' ? 'right' : 'left'}
        size={300}
        hiddenFrom="lg"
        padding="xs"
        withCloseButton={false}
      >
        <NavMenu />
      </Drawer>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <Suspense fallback={null}>
        <CommandPalette />
      </Suspense>
    </AppShell>
  );
}
