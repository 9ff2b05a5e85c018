import { ActionIcon, Button, Drawer, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIsPhone } from '../app/use-is-phone';

export interface ToolbarAction {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
}

export interface ToolbarSearch {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

export interface PageToolbarProps {
  title: ReactNode;
  search?: ToolbarSearch;
  primaryAction?: ToolbarAction;
  onAdd?: () => void;
  addLabel?: string;
  /** Shows a button that collapses the page's side panel. */
  onCollapse?: () => void;
  collapsed?: boolean;
  /** Extra filter controls: inline on desktop, inside the drawer on phones. */
  filters?: ReactNode;
  /** Title of the phone drawer that holds the filters and the primary button. */
  drawerTitle?: string;
}

function SearchBox({ search, grow }: { search: ToolbarSearch; grow?: boolean }) {
  const placeholder = search.placeholder ?? 'Search';
  return (
    <TextInput
      aria-label={placeholder}
      placeholder={placeholder}
      value={search.value}
      onChange={(event) => search.onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      w={grow ? '100%' : 240}
    />
  );
}

/** The bar on top of every list page. */
export function PageToolbar({
  title,
  search,
  primaryAction,
  onAdd,
  addLabel = 'Add',
  onCollapse,
  collapsed = false,
  filters,
  drawerTitle = 'Actions',
}: PageToolbarProps) {
  const isPhone = useIsPhone();
  const [drawerOpened, drawer] = useDisclosure(false);
  const collapseLabel = collapsed ? 'Expand panel' : 'Collapse panel';
  // On a phone the search stays in view under the title; the rest folds into the drawer.
  const hasDrawerContent = Boolean(filters || primaryAction);

  const primaryButton = primaryAction && (
    <Button
      onClick={primaryAction.onClick}
      leftSection={primaryAction.icon}
      loading={primaryAction.loading}
      disabled={primaryAction.disabled}
      fullWidth={isPhone}
    >
      {primaryAction.label}
    </Button>
  );

  const bar = (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      mb={isPhone && search ? 0 : 'md'}
      role="toolbar"
      aria-label="Page toolbar"
    >
      <Group gap="xs" wrap="nowrap" miw={0}>
        {onCollapse && (
          <Tooltip label={collapseLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={collapseLabel}
              onClick={onCollapse}
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={20} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
        <Title order={3} lineClamp={1}>
          {title}
        </Title>
      </Group>

      {isPhone ? (
        <Group gap="xs" wrap="nowrap">
          {hasDrawerContent && (
            <ActionIcon variant="default" size="lg" aria-label={drawerTitle} onClick={drawer.open}>
              <IconAdjustmentsHorizontal size={18} />
            </ActionIcon>
          )}
          {onAdd && (
            <ActionIcon size="lg" aria-label={addLabel} onClick={onAdd}>
              <IconPlus size={18} />
            </ActionIcon>
          )}
          <Drawer
            opened={drawerOpened}
            onClose={drawer.close}
            title={drawerTitle}
            position="bottom"
            size="auto"
          >
            <Stack pb="md">
              {filters}
              {primaryButton}
            </Stack>
          </Drawer>
        </Group>
      ) : (
        <Group gap="sm" wrap="nowrap">
          {search && <SearchBox search={search} />}
          {filters}
          {primaryButton}
          {onAdd && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
  if (!isPhone || !search) return bar;
  return (
    <Stack gap="xs" mb="md">
      {bar}
      <SearchBox search={search} grow />
    </Stack>
  );
}
