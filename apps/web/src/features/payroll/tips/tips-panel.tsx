import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIsPhone } from '../../../app/use-is-phone';
import { DailyTipsPanel } from './daily-tips-panel';
import { TipPoolsPanel } from './tip-pools-panel';
import { TipSettingsPanel } from './tip-settings-panel';
import { TipSharePanel } from './tip-share-panel';

/**
 * The tip-pool app's title comes from configuration: VITE_TIP_POOL_TITLE at build
 * time, "Tips" when it is not set.
 */
export const TIP_POOL_TITLE: string = import.meta.env.VITE_TIP_POOL_TITLE || 'Tips';

type View = 'share' | 'daily' | 'pools' | 'settings';

export interface TipsPanelProps {
  canWrite: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** Tips: the tip share (with the POS sync), daily tips, tip pools, and locations with roles. */
export function TipsPanel({ canWrite, canUpdate, canDelete }: TipsPanelProps) {
  const isPhone = useIsPhone();
  const [view, setView] = useState<View>('share');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" hidden={isPhone}>
        {TIP_POOL_TITLE}: what each location took, how the pools share it, and what each employee gets.
      </Text>
      <SegmentedControl
        value={view}
        onChange={(v) => setView(v as View)}
        fullWidth={isPhone}
        size={isPhone ? 'xs' : 'sm'}
        aria-label={TIP_POOL_TITLE}
        data={[
          { value: 'share', label: 'Tip share' },
          { value: 'daily', label: 'Daily tips' },
          { value: 'pools', label: 'Tip pools' },
          { value: 'settings', label: isPhone ? 'Settings' : 'Locations and roles' },
        ]}
      />
      {view === 'share' && <TipSharePanel canWrite={canWrite} />}
      {view === 'daily' && <DailyTipsPanel canWrite={canWrite} />}
      {view === 'pools' && <TipPoolsPanel canWrite={canWrite} canUpdate={canUpdate} canDelete={canDelete} />}
      {view === 'settings' && <TipSettingsPanel canWrite={canWrite || canUpdate} canDelete={canDelete} />}
    </Stack>
  );
}
