import { Paper, SimpleGrid, Tabs, Text, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCreditCard,
  IconListCheck,
  IconQrcode,
  IconUserCircle,
  type TablerIcon,
} from '@tabler/icons-react';
import classes from '../portal.module.css';

// The portal's five places: tabs under the header on a desktop, a bar of big buttons along the
// bottom edge on a phone (where a thumb reaches). Both are tab lists, one tab per place.

export const PORTAL_TABS = ['classes', 'bookings', 'card', 'billing', 'profile'] as const;
export type PortalTab = (typeof PORTAL_TABS)[number];

const PLACES: Record<PortalTab, { label: string; short: string; icon: TablerIcon }> = {
  classes: { label: 'Classes', short: 'Classes', icon: IconCalendarEvent },
  bookings: { label: 'My bookings', short: 'Bookings', icon: IconListCheck },
  card: { label: 'My card', short: 'Card', icon: IconQrcode },
  billing: { label: 'Billing', short: 'Billing', icon: IconCreditCard },
  profile: { label: 'Profile', short: 'Profile', icon: IconUserCircle },
};

interface NavProps {
  value: PortalTab;
  onChange: (tab: PortalTab) => void;
}

export function PortalTabs({ value, onChange }: NavProps) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as PortalTab)} variant="pills" radius="xl">
      <Tabs.List aria-label="Member portal">
        {PORTAL_TABS.map((tab) => {
          const { label, icon: Icon } = PLACES[tab];
          return (
            <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={18} />} className={classes.tab}>
              {label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}

export function BottomNav({ value, onChange }: NavProps) {
  return (
    <Paper component="nav" className={classes.bottomNav} shadow="lg" withBorder aria-label="Member portal">
      <SimpleGrid cols={5} spacing={0} role="tablist" aria-label="Member portal">
        {PORTAL_TABS.map((tab) => {
          const { label, short, icon: Icon } = PLACES[tab];
          const selected = tab === value;
          return (
            <UnstyledButton
              key={tab}
              role="tab"
              aria-selected={selected}
              aria-label={label}
              className={classes.navButton}
              data-active={selected || undefined}
              onClick={() => onChange(tab)}
            >
              <Icon size={24} stroke={selected ? 2.2 : 1.6} />
              <Text size="xs" fw={selected ? 700 : 500} lh={1.1}>
                {short}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
