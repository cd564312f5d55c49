import { type ComponentType, type ReactNode, Suspense } from 'react';
import { type LoaderFunctionArgs, type RouteObject, createBrowserRouter, data, redirect } from 'react-router';
import type { Locale } from '../core/i18n/locale';
import type { AppRoute } from './appMap';
import { useCan } from './api/useAuth';
import { readLocaleCookie } from './i18n/localeCookie';
import { lazyScreen } from './lazyScreen';
import { webScreens } from './moduleWeb';
import { NotFoundPage, RouteErrorPage } from './pages/ErrorPage';
import { AppLayout, preloadShell } from './shell/AppLayout';
import { LocaleRoot } from './shell/LocaleRoot';
import { listRouteOf, routePermission, routeTable } from './routeTable';
import { HOME_ROUTE, shellRoutes } from './shellRoutes';
import { NoAccess } from './ui/NoAccess';
import { PageLoader } from './ui/PageLoader';

/**
 * The route tree, built twice: once at / (English, ltr) and once under /ar (Arabic, rtl). Screens come from the
 * app map (generic list and detail for every entity with a `route`, module screens) and from modules'
 * web/index.ts, which may replace any of them. Every screen is a lazy chunk. Route params named `id` (or
 * `...Id`) must be digits: the check is the route's loader and a failure is a 404. Unmatched paths are a 404.
 */
const HomePage = lazyScreen(() => import('./pages/HomePage'));
const SignupPage = lazyScreen(() => import('./auth/SignupPage'));
// The sign-in page is the first screen only when signed out: a chunk of its own keeps it (and the password input)
// out of the signed-in first screen's bundle.
const LoginPage = lazyScreen(async () => ({ default: (await import('./auth/LoginPage')).LoginPage }));
const EntityListPage = lazyScreen(() => import('./entity/EntityListPage'));
const EntityDetailPage = lazyScreen(() => import('./entity/EntityDetailPage'));

const toPath = (route: string) => route.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1');
const idParams = (route: string) => [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((p) => p === 'id' || p.endsWith('Id'));

function idCheck(route: string) {
  const names = idParams(route);
  if (names.length === 0) return undefined;
  return ({ params }: LoaderFunctionArgs) => {
    for (const n of names) if (!/^\d{1,15}$/.test(params[n] ?? '')) throw data('Not Found', { status: 404 });
    return null;
  };
}

function Guard({ permission, children }: { permission?: string; children: ReactNode }) {
  const can = useCan();
  return can(permission) ? children : <NoAccess />;
}

/** What the first page asks for before it renders (main.tsx): the chunk of the screen a route shows. */
export interface RouteHandle {
  preload?: () => void;
  /** The signed-in area (its pages need the signed-in user). */
  signedIn?: boolean;
}

function entryElement(e: AppRoute): ReactNode {
  switch (e.kind) {
    case 'list':
      return <EntityListPage def={e.entity!} basePath={e.route} />;
    case 'detail':
      return <EntityDetailPage def={e.entity!} basePath={listRouteOf(e.entity!) ?? '/home'} />;
    case 'screen':
      // every module screen has its component in the module's web/index.ts (src/web/screens.test.ts)
      return <NotFoundPage />;
  }
}

function screenRoutes(): RouteObject[] {
  const custom = new Map(webScreens.map((s) => [s.route, lazyScreen(s.load)]));
  return shellRoutes(routeTable, webScreens).map((route) => {
    const Screen = custom.get(route) as (ComponentType & { preload(): void }) | undefined;
    const entry = routeTable.find((e) => e.route === route);
    const element = Screen ? (
      <Guard permission={routePermission(route)}>
        <Screen />
      </Guard>
    ) : (
      entryElement(entry!)
    );
    const preload = Screen?.preload ?? (entry?.kind === 'list' ? EntityListPage.preload : entry?.kind === 'detail' ? EntityDetailPage.preload : undefined);
    return { path: toPath(route), loader: idCheck(route), element, handle: { preload } satisfies RouteHandle };
  });
}

function localeTree(locale: Locale): RouteObject {
  const home = locale === 'ar' ? '/ar/home' : '/home';
  return {
    path: locale === 'ar' ? '/ar' : '/',
    element: <LocaleRoot locale={locale} />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          {
            index: true,
            loader: () => redirect(locale === 'en' && readLocaleCookie() === 'ar' ? '/ar/home' : home),
          },
          {
            path: 'login',
            handle: { preload: LoginPage.preload } satisfies RouteHandle,
            element: (
              <Suspense fallback={<PageLoader />}>
                <LoginPage />
              </Suspense>
            ),
          },
          {
            path: 'signup',
            handle: { preload: SignupPage.preload } satisfies RouteHandle,
            element: (
              <Suspense fallback={<PageLoader />}>
                <SignupPage />
              </Suspense>
            ),
          },
          {
            element: <AppLayout />,
            handle: { preload: preloadShell, signedIn: true } satisfies RouteHandle,
            children: [{ errorElement: <RouteErrorPage />, children: [{ path: toPath(HOME_ROUTE), element: <HomePage />, handle: { preload: HomePage.preload } satisfies RouteHandle }, ...screenRoutes()] }],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  };
}

export const router = createBrowserRouter([localeTree('en'), localeTree('ar')]);
