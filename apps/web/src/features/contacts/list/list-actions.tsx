import { Button, Menu, Stack } from '@mantine/core';
import {
  IconChevronDown,
  IconColumns,
  IconDownload,
  IconFileImport,
  IconGitMerge,
  IconSettings,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';

export interface ListActionsProps {
  onImport?: () => void;
  onExport: () => void;
  exporting: boolean;
  onMerge?: () => void;
  onColumns?: () => void;
  /** Buttons in the phone drawer instead of a menu. */
  stacked?: boolean;
}

/** Import, export, merge duplicates, columns and the settings page. */
export function ListActions({
  onImport,
  onExport,
  exporting,
  onMerge,
  onColumns,
  stacked,
}: ListActionsProps) {
  const navigate = useNavigate();
  const openSettings = () => navigate('/contacts/settings');
  if (stacked) {
    return (
      <Stack gap="xs">
        {onImport && (
          <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={onImport}>
            Import
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={onExport}
          loading={exporting}
        >
          Export
        </Button>
        {onMerge && (
          <Button variant="light" leftSection={<IconGitMerge size={16} />} onClick={onMerge}>
            Merge duplicates
          </Button>
        )}
        <Button variant="subtle" leftSection={<IconSettings size={16} />} onClick={openSettings}>
          Contact settings
        </Button>
      </Stack>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />}>
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {onImport && (
          <Menu.Item leftSection={<IconFileImport size={14} />} onClick={onImport}>
            Import
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconDownload size={14} />} onClick={onExport} disabled={exporting}>
          Export CSV
        </Menu.Item>
        {onMerge && (
          <Menu.Item leftSection={<IconGitMerge size={14} />} onClick={onMerge}>
            Merge duplicates
          </Menu.Item>
        )}
        {onColumns && (
          <Menu.Item leftSection={<IconColumns size={14} />} onClick={onColumns}>
            Columns
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings size={14} />} onClick={openSettings}>
          Contact settings
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
