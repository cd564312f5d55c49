import { Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isApiError } from '../api/client';
import { useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { PageLoader } from '../ui/PageLoader';
import { HeaderBar } from './HeaderBar';
import classes from './AppLayout.module.css';
import { useScrollOnNavigate } from './useScrollOnNavigate';

/**
 * The signed-in frame: fixed header, sidebar (a drawer below the lg breakpoint, 80em = 1280px), and the page.
 * Plain CSS rather than Mantine's AppShell, whose resize and drag machinery would weigh on the initial bundle.
 * Visitors without a session are sent to /login with the page they wanted in `next`.
 */
const CommandPalette = lazy(() => import('./CommandPalette'));
const MobileNav = lazy(() => import('./MobileNav'));
const NavMenu = lazy(() => import('./NavMenu'));

export function AppLayout() {
  const me = useMe();
  const location = useLocation();
  const { to } = useLocale();
  const { t } = useTranslation();
  const label = t('shell.menu');
  const [drawerOpen, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
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
    <div className={classes.frame}>
      <header className={classes.header}>
        <HeaderBar drawerOpen={drawerOpen} onBurger={drawer.toggle} />
      </header>
      <nav className={classes.navbar} aria-label={label}>
        <Suspense fallback={null}>
          <NavMenu />
        </Suspense>
      </nav>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNav opened={drawerOpen} onClose={drawer.close} />
        </Suspense>
      )}
      <main className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <CommandPalette />
      </Suspense>
    </div>
  );
}
