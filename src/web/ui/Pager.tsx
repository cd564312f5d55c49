import '../i18n/lazyMessages';
import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Pagination with a name on every control in the page's language (its arrows are icon-only buttons:
 * without names a screen reader hears "button"), inside a labelled navigation landmark. Use it for any paging.
 */
export function Pager(props: PaginationProps) {
  const { t } = useTranslation();
  const names = { first: t('list.firstPage'), previous: t('list.previousPage'), next: t('list.nextPage'), last: t('list.lastPage') };
  return (
    <nav aria-label={t('list.pagination')}>
      <Pagination
        {...props}
        getControlProps={(control) => ({ 'aria-label': names[control], title: names[control] })}
        getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
      />
    </nav>
  );
}
