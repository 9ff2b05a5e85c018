import { ActionIcon, AppShell, Burger, Drawer, Group, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useSessionSync } from '../../features/auth';
import { useMenuCollapsed } from '../preferences';
import { useIsPhone } from '../use-is-phone';
import { Brand } from './brand';
import { NavLinks } from './nav-links';
import { OrgSwitcher } from './org-switcher';
import { UserMenu } from './user-menu';

const NAVBAR_WIDTH = 260;
const NAVBAR_COLLAPSED_WIDTH = 76;

/** The signed-in frame: top bar, sidebar (a burger drawer on phones) and the routed page. */
export function AppLayout() {
  useSessionSync();
  const isPhone = useIsPhone();
  const { collapsed, toggleCollapsed } = useMenuCollapsed();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();

  // A page change closes the phone drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => drawer.close(), [pathname]);

  const collapseLabel = collapsed ? 'Expand menu' : 'Collapse menu';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: collapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: true, desktop: false },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open menu"
            />
            <Brand compact={isPhone} />
            <Tooltip label={collapseLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                aria-label={collapseLabel}
                onClick={toggleCollapsed}
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={20} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {!isPhone && <OrgSwitcher />}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea} scrollbars="y">
          <NavLinks collapsed={collapsed} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={290}
        padding="md"
        hiddenFrom="sm"
        title={<Brand />}
        aria-label="Menu"
      >
        <Stack gap="md">
          <OrgSwitcher fullWidth />
          <NavLinks onNavigate={drawer.close} />
        </Stack>
      </Drawer>

      <AppShell.Main>
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
