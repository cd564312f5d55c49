import { Anchor, Avatar, Badge, Text } from '@mantine/core';
import type { AnyEntity } from '../../core/entity/define';
import { tr } from '../../core/i18n/locale';
import { entities } from '../../modules/registry';
import { fileUrl } from '../api/files';
import type { Row } from '../api/useEntityQueries';
import { useFormat } from '../i18n/useFormat';
import { formatValue } from './formatValue';
import { RefsTitles } from './RefsTitles';
import { WidgetInput } from './WidgetInput';

/** A field of a record as shown in lists and detail views (badges for flags and choices, thumbnails for images). */
export function FieldValue({ def, name, row }: { def: AnyEntity; name: string; row: Row }) {
  const locale = useFormat();
  const field = def.fields[name];
  const value = row[name];
  const empty = value === null || value === undefined || value === '';
  if (field?.kind === 'json' && field.widget && !empty) {
    return <WidgetInput def={def} name={name} field={field} label="" value={value} onChange={() => {}} view values={row} />;
  }
  if (!field || empty) return <Text span c="dimmed">{formatValue(field, value, locale)}</Text>;
  switch (field.kind) {
    case 'boolean':
      return (
        <Badge variant="light" color={value ? 'teal' : 'gray'} size="sm" tt="none">
          {formatValue(field, value, locale)}
        </Badge>
      );
    case 'enum':
      return (
        <Badge variant="light" size="sm" tt="none">
          {formatValue(field, value, locale)}
        </Badge>
      );
    case 'file':
      return <Avatar src={fileUrl(String(value))} size="md" radius="sm" alt="" />;
    case 'email':
      return (
        <Anchor href={`mailto:${String(value)}`} dir="ltr" onClick={(e) => e.stopPropagation()}>
          {String(value)}
        </Anchor>
      );
    case 'text':
      if (field.format === 'entityName') {
        const source = entities.find((e) => e.name === value);
        return <>{source ? tr(source.label, locale.locale) : String(value)}</>;
      }
      return <>{String(value)}</>;
    case 'phone':
      return (
        <Text span dir="ltr">
          {String(value)}
        </Text>
      );
    case 'decimal':
      return (
        <Text span dir="ltr" ff="monospace">
          {formatValue(field, value, locale)}
        </Text>
      );
    case 'ref':
      return <>{formatValue(field, value, locale, row._refs?.[name])}</>;
    case 'refs':
      return <RefsTitles target={field.target} ids={Array.isArray(value) ? value.map(Number) : []} />;
    default:
      return <>{formatValue(field, value, locale)}</>;
  }
}
