import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { can, isOwnerType } from '@opsuite/shared/rules/permissions';
import {
  IconChevronDown,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconTextDirectionLtr,
  IconTextDirectionRtl,
  IconUser,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/avatar';
import { useSignOut } from '../../features/auth';
import { useSession } from '../auth-store';
import { useSkin, useTextDirection } from '../preferences';
import { useIsPhone } from '../use-is-phone';

/** The avatar menu in the top bar: profile, skin, direction and sign-out. */
export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { skin, toggleSkin } = useSkin();
  const { direction, toggleDirection } = useTextDirection();
  const isPhone = useIsPhone();
  if (!session) return null;
  const { userData } = session;

  return (
    <Menu position="bottom-end" width={240} withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar name={userData.fullName} src={userData.photo} size={36} />
            {!isPhone && (
              <div style={{ lineHeight: 1.2, maxWidth: 160 }}>
                <Text size="sm" fw={600} truncate>
                  {userData.fullName}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {userData.roleLabel}
                </Text>
              </div>
            )}
            {!isPhone && <IconChevronDown size={14} />}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {userData.fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {userData.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/profile')}>
          Profile
        </Menu.Item>
        {can(userData.ability, 'read', 'settings') && isOwnerType(userData.userType) && (
          <Menu.Item
            leftSection={<IconSettings size={16} />}
            onClick={() => navigate('/settings/organization')}
          >
            Organisation settings
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={skin === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={toggleSkin}
          closeMenuOnClick={false}
        >
          {skin === 'dark' ? 'Light mode' : 'Dark mode'}
        </Menu.Item>
        <Menu.Item
          leftSection={
            direction === 'rtl' ? <IconTextDirectionLtr size={16} /> : <IconTextDirectionRtl size={16} />
          }
          onClick={toggleDirection}
          closeMenuOnClick={false}
        >
          {direction === 'rtl' ? 'Left to right' : 'Right to left'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
