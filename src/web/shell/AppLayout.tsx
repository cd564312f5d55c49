import { Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useEffect, useState } from 'react';
import { lazyScreen } from '../lazyScreen';
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
 * Visitors without a session are sent to /login with the page they wanted in `next`; a user whose password an
 * administrator set sees only the password change.
 * Keyboard (issue 24): the first Tab stop is a "skip to content" link; on a page change focus goes to the page's
 * title; Ctrl+S and "?" work everywhere (KeyboardLayer, a lazy chunk).
 */
const CommandPalette = lazyScreen(() => import('./CommandPalette'));
const MobileNav = lazy(() => import('./MobileNav'));
const NavMenu = lazyScreen(() => import('./NavMenu'));
const PasswordChangePage = lazy(() => import('../auth/PasswordChangePage'));
const KeyboardLayer = lazyScreen(() => import('./KeyboardLayer'));

/** The chunks every signed-in page draws, asked for while the signed-in user is still on its way (main.tsx). */
export function preloadShell(): void {
  NavMenu.preload();
  CommandPalette.preload();
  KeyboardLayer.preload();
}

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
  if (me.data.user.mustChangePassword) {
    return (
      <Suspense fallback={<PageLoader />}>
        <PasswordChangePage />
      </Suspense>
    );
  }

  return (
    <div className={classes.frame}>
      {/* The browser moves the focus to <main> (tabIndex -1) when the link is followed. */}
      <a href="#main" className={classes.skip}>
        {t('shell.skipToContent')}
      </a>
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
      <main className={classes.main} id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <CommandPalette />
      </Suspense>
      <Suspense fallback={null}>
        <KeyboardLayer />
      </Suspense>
    </div>
  );
}
