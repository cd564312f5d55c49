import { Text } from '@mantine/core';
import { entityByName } from '../../modules/registry';
import { useEntity } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { recordTitle } from './formatValue';

/** The title of one referenced record (for references inside json lines, which carry no `_refs`). */
export function RefTitle({ target, id }: { target: string; id: number }) {
  const { locale } = useLocale();
  const def = entityByName(target);
  const r = useEntity(def, id);
  return <Text size="sm" span>{r.data ? recordTitle(def, r.data, locale) : `#${id}`}</Text>;
}
