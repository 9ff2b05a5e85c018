import { Tabs } from '@mantine/core';
import { IconCamera, IconDialpad, IconId, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CameraTab } from './camera-tab';
import { CardBarcodeTab } from './card-barcode-tab';
import classes from './check-in.module.css';
import { KeypadTab } from './keypad-tab';
import { SearchTab } from './search-tab';
import type { CheckInFlow } from './use-check-in-flow';

export type CheckInTab = 'keypad' | 'card' | 'camera' | 'search';

export interface CheckInPanelProps {
  flow: CheckInFlow;
  resetKey: number;
  onActivity: () => void;
}

/**
 * The four ways in: keypad, card barcode, camera barcode and search by name. Panels
 * unmount when left, so the camera stops and html5-qrcode is only fetched for the camera tab.
 */
export function CheckInPanel({ flow, resetKey, onActivity }: CheckInPanelProps) {
  const [tab, setTab] = useState<CheckInTab>('keypad');
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        setTab((value as CheckInTab | null) ?? 'keypad');
        // A name picked on the search tab but not submitted is not carried to another tab.
        if (!flow.busy && !flow.confirmation) flow.pickContact(null);
      }}
      keepMounted={false}
      variant="pills"
      radius="md"
      classNames={{
        list: classes.tabList,
        tab: classes.tab,
        tabSection: classes.tabSection,
        tabLabel: classes.tabLabel,
        panel: classes.tabPanel,
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="keypad" leftSection={<IconDialpad size={20} />}>
          Check-In
        </Tabs.Tab>
        <Tabs.Tab value="card" leftSection={<IconId size={20} />}>
          Card Barcode
        </Tabs.Tab>
        <Tabs.Tab value="camera" leftSection={<IconCamera size={20} />}>
          Barcode Scanner
        </Tabs.Tab>
        <Tabs.Tab value="search" leftSection={<IconSearch size={20} />}>
          Search By Name
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="keypad">
        <KeypadTab key={resetKey} onSubmit={flow.submitCode} busy={flow.busy} />
      </Tabs.Panel>
      <Tabs.Panel value="card">
        <CardBarcodeTab key={resetKey} onSubmit={flow.submitCode} busy={flow.busy} />
      </Tabs.Panel>
      <Tabs.Panel value="camera">
        <CameraTab onCode={flow.submitCode} busy={flow.busy} resetKey={resetKey} onActivity={onActivity} />
      </Tabs.Panel>
      <Tabs.Panel value="search">
        <SearchTab
          key={resetKey}
          picked={flow.contact}
          onPick={flow.pickContact}
          onSubmit={flow.submitContact}
          busy={flow.busy}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
