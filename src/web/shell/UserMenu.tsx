import '../i18n/lazyMessages';
import { Avatar, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fileUrl } from '../api/files';
import { useLogout, useMe } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { notifySuccess } from '../ui/notify';

/** The account menu (profile, settings, sign out). Loaded lazily by the header: Menu needs floating-ui. */
export default function UserMenu() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { to } = useLocale();
  const navigate = useNavigate();
  const logout = useLogout();
  if (!me) return null;
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* Named by hidden text rather than aria-label: the initials shown are decoration, the name says what it opens. */}
        <UnstyledButton>
          <Avatar src={fileUrl(me.user.avatar)} name={me.user.fullName || me.user.username} color="initials" size={34} aria-hidden alt="" />
          <VisuallyHidden>{t('shell.userMenu', { name: me.user.fullName || me.user.username })}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.user.fullName || me.user.username}</Menu.Label>
        <Menu.Item component={Link} to={to(`/settings/profiles/${encodeURIComponent(me.user.username)}`)} leftSection={<IconUser size={16} />}>
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={to('/settings')} leftSection={<IconSettings size={16} />}>
          {t('shell.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: async () => {
                await navigate(to('/login'));
                logout.forget();
                notifySuccess(t('shell.loggedOut'));
              },
            })
          }
        >
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
