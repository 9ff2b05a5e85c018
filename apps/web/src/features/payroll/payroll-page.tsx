import { Stack, Tabs } from '@mantine/core';
import { can } from '@opsuite/shared/rules/permissions';
import { useState } from 'react';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { PageToolbar } from '../../components/page-toolbar';
import { HistoryPanel } from './components/history-panel';
import { PendingPanel } from './components/pending-panel';
import { ReportPanel } from './components/report-panel';
import { SalaryPanel } from './components/salary-panel';
import { TIP_POOL_TITLE, TipsPanel } from './tips/tips-panel';

/** Payroll: the pending list and runs, history, reports, salaries with the pay cycle, and tips. */
export function PayrollPage() {
  const ability = useSession()?.userData.ability ?? [];
  const [tab, setTab] = useState<string | null>('pending');
  const isPhone = useIsPhone();
  const canTips = can(ability, 'read', 'tips');
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageToolbar title="Payroll" />
      <Tabs
        value={tab}
        onChange={setTab}
        keepMounted={false}
        styles={isPhone ? { tab: { paddingInline: 10 } } : undefined}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="pending">Pending</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="report">Report</Tabs.Tab>
          <Tabs.Tab value="salaries">Salaries</Tabs.Tab>
          {canTips && <Tabs.Tab value="tips">{TIP_POOL_TITLE}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="pending" pt="md">
          <PendingPanel canWrite={can(ability, 'write', 'payroll')} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryPanel />
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="md">
          <ReportPanel />
        </Tabs.Panel>
        <Tabs.Panel value="salaries" pt="md">
          <SalaryPanel
            canUpdate={can(ability, 'update', 'payroll')}
            canDelete={can(ability, 'delete', 'payroll')}
          />
        </Tabs.Panel>
        {canTips && (
          <Tabs.Panel value="tips" pt="md">
            <TipsPanel
              canWrite={can(ability, 'write', 'tips')}
              canUpdate={can(ability, 'update', 'tips')}
              canDelete={can(ability, 'delete', 'tips')}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
