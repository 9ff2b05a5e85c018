import { Alert, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { can } from '@opsuite/shared/rules/permissions';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useOrganizationId, useSession } from '../../../app/auth-store';
import { downloadFile } from '../../../app/files';
import { toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { todayInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import { PageToolbar } from '../../../components/page-toolbar';
import { BillingEmails } from './billing-emails';
import { BillingSettingsCard } from './billing-settings-card';
import { CollectedChart } from './collected-chart';
import { useBillingRun, useFinanceStats, useInvoiceStats } from './overview.api';
import { PastDueList } from './past-due-list';
import { FinanceTiles, InvoiceTiles } from './stat-tiles';

/** The billing overview: what was collected and is owed, who is past due, the e-mails, the settings. */
export function BillingOverviewPage() {
  const session = useSession();
  const orgId = useOrganizationId();
  const timeZone = useOrganizationTimeZone();
  const queryClient = useQueryClient();
  const canUpdate = can(session?.userData.ability ?? [], 'update', 'billing');
  const finance = useFinanceStats();
  const invoices = useInvoiceStats();
  const { status, start } = useBillingRun();
  const [exporting, setExporting] = useState(false);
  const running = status.data?.running === true;
  const isPhone = useIsPhone();

  // When a run ends, everything it may have changed is read again and the outcome told.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running && status.data) {
      void queryClient.invalidateQueries({ queryKey: ['billing', orgId] });
      void queryClient.invalidateQueries({ queryKey: ['contacts', orgId] });
      const c = status.data.counts;
      if (status.data.error) toast.error(status.data.error);
      else if (c)
        toast.success(`Billing run done: ${c.issued} issued, ${c.succeeded} paid, ${c.failed} failed`);
    }
    wasRunning.current = running;
  }, [running, status.data, queryClient, orgId]);

  const exportCsv = () => {
    setExporting(true);
    downloadFile('/payment/export', `payments-${todayInZone(timeZone)}.csv`)
      .catch((e) => toastFailure(e))
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="md">
      <PageToolbar title="Billing" />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          Contracts bill themselves on their day; failed charges are retried on the dunning days.
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={exportCsv}
          >
            {isPhone ? 'Export CSV' : 'Export payments'}
          </Button>
          {canUpdate && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={running || start.isPending}
              onClick={() => start.mutate(undefined, { onError: (e) => toastFailure(e) })}
            >
              {isPhone ? 'Run billing' : 'Run billing now'}
            </Button>
          )}
        </Group>
      </Group>
      {(finance.isError || invoices.isError) && <Alert color="red">Unable to load the statistics.</Alert>}
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="emails">E-mails</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview">
          <Stack gap="md">
            <FinanceTiles stats={finance.data} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <InvoiceTiles stats={invoices.data} />
              {finance.data && <CollectedChart months={finance.data.months} />}
            </SimpleGrid>
            <PastDueList />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="emails">
          <BillingEmails />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <BillingSettingsCard canUpdate={canUpdate} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
