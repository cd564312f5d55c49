import { type ComponentType, type ReactNode, Suspense } from 'react';
import { type LoaderFunctionArgs, type RouteObject, createBrowserRouter, data, redirect } from 'react-router';
import type { Locale } from '../core/i18n/locale';
import type { AppRoute } from './appMap';
import { useCan } from './api/useAuth';
import { LoginPage } from './auth/LoginPage';
import { readLocaleCookie } from './i18n/localeCookie';
import { lazyScreen } from './lazyScreen';
import { webScreens } from './moduleWeb';
import { NotFoundPage, RouteErrorPage } from './pages/ErrorPage';
import { AppLayout } from './shell/AppLayout';
import { LocaleRoot } from './shell/LocaleRoot';
import { listRouteOf, routePermission, routeTable } from './routeTable';
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
  const custom = new Map(webScreens.map((s) => [s.route, lazyScreen(s.load) as ComponentType]));
  const routes = new Set([...routeTable.map((e) => e.route), ...custom.keys()]);
  return [...routes].map((route) => {
    const Screen = custom.get(route);
    const entry = routeTable.find((e) => e.route === route);
    const element = Screen ? (
      <Guard permission={routePermission(route)}>
        <Screen />
      </Guard>
    ) : (
      entryElement(entry!)
    );
    return { path: toPath(route), loader: idCheck(route), element };
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
          { path: 'login', element: <LoginPage /> },
          {
            path: 'signup',
            element: (
              <Suspense fallback={<PageLoader />}>
                <SignupPage />
              </Suspense>
            ),
          },
          {
            element: <AppLayout />,
            children: [{ errorElement: <RouteErrorPage />, children: [{ path: 'home', element: <HomePage /> }, ...screenRoutes()] }],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  };
}

export const router = createBrowserRouter([localeTree('en'), localeTree('ar')]);
