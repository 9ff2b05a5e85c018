import { Stack, Tabs, Text, Title } from '@mantine/core';
import { can } from '@opsuite/shared/rules/permissions';
import { IconCalendarRepeat, IconCategory, IconDoorEnter, IconLink, IconPalette } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { BookingGroupPanel } from './components/booking-group-panel';
import { BookingTypePanel } from './components/booking-type-panel';
import { CheckInRulesPanel } from './components/check-in-rules-panel';
import { ClassSchedulePanel } from './components/class-schedule-panel';
import { ThemeEditor } from './components/theme-editor';

const TABS = ['types', 'groups', 'schedules', 'theme', 'check-in'] as const;
type Tab = (typeof TABS)[number];

/**
 * Booking setup: booking types, groups with their public links, class schedules, booking theme
 * and the check-in rules.
 */
export function BookingSetupPage() {
  const session = useSession();
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: Tab = TABS.includes(current as Tab) ? (current as Tab) : 'types';
  const ability = session?.userData.ability ?? [];
  // Booking types, groups and schedules are the classes themselves: the calendar permission.
  const rights = {
    canWrite: can(ability, 'write', 'calendar'),
    canDelete: can(ability, 'delete', 'calendar'),
  };
  // The check-in rules are organisation settings (PUT /organization/current).
  const canEditRules = can(ability, 'update', 'settings');

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <div>
        <Title order={2}>Booking setup</Title>
        <Text c="dimmed" size="sm">
          What members can book, when classes run, and the public booking pages.
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'types' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List grow={isPhone}>
          <Tabs.Tab value="types" leftSection={isPhone ? undefined : <IconCategory size={16} />}>
            {isPhone ? 'Types' : 'Booking types'}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={isPhone ? undefined : <IconLink size={16} />}>
            {isPhone ? 'Groups' : 'Booking groups'}
          </Tabs.Tab>
          <Tabs.Tab value="schedules" leftSection={isPhone ? undefined : <IconCalendarRepeat size={16} />}>
            {isPhone ? 'Schedules' : 'Class schedules'}
          </Tabs.Tab>
          <Tabs.Tab value="theme" leftSection={isPhone ? undefined : <IconPalette size={16} />}>
            {isPhone ? 'Theme' : 'Booking theme'}
          </Tabs.Tab>
          <Tabs.Tab value="check-in" leftSection={isPhone ? undefined : <IconDoorEnter size={16} />}>
            Check-in
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="types" pt="md">
          <BookingTypePanel {...rights} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="md">
          <BookingGroupPanel {...rights} />
        </Tabs.Panel>
        <Tabs.Panel value="schedules" pt="md">
          <ClassSchedulePanel {...rights} />
        </Tabs.Panel>
        <Tabs.Panel value="theme" pt="md">
          <ThemeEditor
            kind="booking"
            desktopTitle="Booking Page Theme Color"
            description="The colour of the public booking pages reached through a booking group link."
          />
        </Tabs.Panel>
        <Tabs.Panel value="check-in" pt="md">
          <CheckInRulesPanel canWrite={canEditRules} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
