import { Badge, Group } from '@mantine/core';
import { entityByName } from '../../modules/registry';
import { useEntityList } from '../api/useEntityQueries';
import { useLocale } from '../i18n/useLocale';
import { recordTitle } from './formatValue';

/** Titles of the records a `refs` field points to (the server sends ids only for multi-references). */
export function RefsTitles({ target, ids }: { target: string; ids: number[] }) {
  const { locale } = useLocale();
  const def = entityByName(target);
  const list = useEntityList(def, { pageSize: 200 }, ids.length > 0);
  const titles = new Map((list.data?.items ?? []).map((r) => [r.id, recordTitle(def, r, locale)]));
  return (
    <Group gap={4}>
      {ids.map((id) => (
        <Badge key={id} variant="outline" size="sm">
          {titles.get(id) ?? `#${id}`}
        </Badge>
      ))}
    </Group>
  );
}
