import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-500.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import 'virtual:contrast.css';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/queryClient';
import { startBuildWatcher } from './buildWatcher';
import { i18next, loadLocale } from './i18n/i18n';
import { localeFromPath } from './i18n/useLocale';
import { reloadOnPreloadError } from './lazyScreen';
import { meQuery } from './api/useAuth';
import { type RouteHandle, router } from './routes';
import { notifyNewBuild } from './shell/NewBuildNotice';
import { theme } from './theme';

/** Entry: providers (direction, Mantine with a remembered light/dark scheme, queries, router) and watchers. */
const locale = localeFromPath(window.location.pathname);
const dir = locale === 'ar' ? 'rtl' : 'ltr';
document.documentElement.lang = locale;
document.documentElement.dir = dir;

// The notification container is only needed once something is announced; the store queues until it mounts.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

const colorSchemeManager = localStorageColorSchemeManager({ key: 'daftar-color-scheme' });

reloadOnPreloadError();
startBuildWatcher(notifyNewBuild);

// The first page asks at once for what it will need, side by side: its screen's chunk, the shell's, and (inside the
// signed-in area) the signed-in user; otherwise each would wait for the one before it to arrive and run.
const handles = router.state.matches.map((m) => m.route.handle as RouteHandle | undefined);
for (const h of handles) h?.preload?.();
if (handles.some((h) => h?.signedIn)) void queryClient.prefetchQuery(meQuery);

// An Arabic first page waits for its catalogue (a chunk of its own) before it renders.
void loadLocale(locale).then(async () => {
  await i18next.changeLanguage(locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
          <Suspense fallback={null}>
            <Notifications position="top-center" zIndex={1000} />
          </Suspense>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </StrictMode>,
  );
});
