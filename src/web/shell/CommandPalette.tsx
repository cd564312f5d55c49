import { Spotlight, type SpotlightActionData, spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconHome, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normalizeSearch } from '../../core/text/arabic-normalize';
import { useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { ModuleIcon } from './moduleIcons';
import { visibleMenu } from './screenMap';

/**
 * Ctrl+K (Cmd+K on a Mac): find any screen the user may open by its English or Arabic name, or its module's.
 * Query and names are folded with normalizeSearch, so أ/إ/آ/ا, ى/ي, ة/ه, diacritics and Arabic digits match.
 * Loaded lazily after the shell; the header button imports this chunk and calls openPalette().
 */
export function openPalette() {
  spotlight.open();
}

export default function CommandPalette() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { to, label } = useLocale();
  const navigate = useNavigate();

  const { actions, haystack } = useMemo(() => {
    const haystack = new Map<string, string>();
    const actions: SpotlightActionData[] = [
      {
        id: '/home',
        label: t('shell.home'),
        leftSection: <IconHome size={18} stroke={1.6} />,
        onClick: () => void navigate(to('/home')),
      },
    ];
    haystack.set('/home', normalizeSearch('home الرئيسية'));
    for (const g of visibleMenu(me)) {
      for (const e of g.entries) {
        actions.push({
          id: e.route,
          label: label(e.label),
          description: label(g.module.label),
          leftSection: <ModuleIcon name={g.module.icon} />,
          onClick: () => void navigate(to(e.route)),
        });
        haystack.set(e.route, normalizeSearch([e.label.en, e.label.ar, g.module.label.en, g.module.label.ar].join(' ')));
      }
    }
    return { actions, haystack };
  }, [me, t, to, label, navigate]);

  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K', 'ctrl + K']}
      limit={50}
      highlightQuery
      nothingFound={t('shell.nothingFound')}
      searchProps={{ leftSection: <IconSearch size={18} stroke={1.6} />, placeholder: t('shell.searchPlaceholder') }}
      filter={(query, list) => {
        const words = normalizeSearch(query.trim()).split(/\s+/).filter(Boolean);
        if (words.length === 0) return list;
        return list.filter((a) => {
          const text = 'id' in a ? haystack.get(a.id) ?? '' : '';
          return words.every((w) => text.includes(w));
        });
      }}
    />
  );
}
