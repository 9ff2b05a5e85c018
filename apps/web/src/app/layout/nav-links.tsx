import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../auth-store';
import { useMenu, visibleMenu } from '../menu';

export interface NavLinksProps {
  /** Icons only (the collapsed desktop sidebar). */
  collapsed?: boolean;
  onNavigate?: () => void;
}

function matches(pathname: string, path: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

/** The most specific entry wins: /contacts/settings lights Contact settings, not Contacts too. */
export function activePath(pathname: string, paths: readonly string[]): string | undefined {
  return paths.filter((p) => matches(pathname, p)).sort((a, b) => b.length - a.length)[0];
}

/** The sidebar entries the signed-in role may read. */
export function NavLinks({ collapsed = false, onNavigate }: NavLinksProps) {
  const session = useSession();
  const menu = useMenu();
  const { pathname } = useLocation();
  if (!session) return null;
  const entries = visibleMenu(session.userData.ability, session.userData.userType, menu);
  const active = activePath(
    pathname,
    entries.map((e) => e.path),
  );
  return (
    <Stack gap={4} component="nav" aria-label="Main menu">
      {entries.map((entry) => {
        const Icon = entry.icon;
        const link = (
          <NavLink
            key={entry.path}
            component={Link}
            to={entry.path}
            label={collapsed ? undefined : entry.label}
            aria-label={collapsed ? entry.label : undefined}
            leftSection={<Icon size={20} stroke={1.6} />}
            active={entry.path === active}
            onClick={onNavigate}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            styles={
              collapsed ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined
            }
          />
        );
        return collapsed ? (
          <Tooltip key={entry.path} label={entry.label} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </Stack>
  );
}
