import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isApiError } from '../api/client';
import { LocaleContext, localeFromPath, useLocale } from '../i18n/useLocale';
import { usePageTitle } from '../ui/usePageTitle';

/**
 * The error page: the status code, "Page Not Found" for 404 and "Internal Server Error" for anything else, and
 * for a 404 "Page not found: {path}". Route errors (a failed {id} check, a thrown 404) and unhandled render
 * errors both land here; an unmatched path renders it with status 404.
 */
export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error, 404)) return 404;
  return 500;
}

export function ErrorView({ status }: { status: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { to, locale } = useLocale(); // the path is isolated (LRI..PDI) in Arabic so it reads left to right
  const notFound = status === 404;
  usePageTitle(notFound ? t('errors.notFoundTitle') : t('errors.internalTitle'));
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={560} ta="center">
        <Text fz={96} fw={800} c="dimmed" lh={1} data-testid="error-status">
          {status}
        </Text>
        <Title order={1} fz="h2">
          {notFound ? t('errors.notFoundTitle') : t('errors.internalTitle')}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {notFound ? t('errors.pageNotFound', { path: locale === 'ar' ? `\u2066${pathname}\u2069` : pathname }) : t('errors.internalText')}
        </Text>
        <Button component={Link} to={to('/home')} mt="md">
          {t('errors.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** errorElement of the route tree; takes the language from the URL, as it may render outside a LocaleRoot. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = statusOf(error);
  if (status >= 500) console.error(error);
  return (
    <LocaleContext.Provider value={localeFromPath(pathname)}>
      <ErrorView status={status} />
    </LocaleContext.Provider>
  );
}

/** Catch-all route. */
export function NotFoundPage() {
  return <ErrorView status={404} />;
}
