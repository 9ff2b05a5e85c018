import { Box, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useIsPhone } from '../../app/use-is-phone';
import { BillingView } from './billing-view';
import { BookingsView } from './bookings-view';
import { CardView } from './card-view';
import { ClassesView } from './classes-view';
import { PortalHeader } from './components/portal-header';
import { BottomNav, PORTAL_TABS, type PortalTab, PortalTabs } from './components/portal-nav';
import { useMyBookings, usePortalMe, useRefreshPortal } from './portal.api';
import { ProfileView } from './profile-view';

/**
 * The member portal (a client's landing): classes to book, their bookings and history,
 * their check-in card, billing and profile. The place is in the address (?tab=billing), so a
 * link in an e-mail can open it.
 */
export function PortalPage() {
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: PortalTab = PORTAL_TABS.includes(asked as PortalTab) ? (asked as PortalTab) : 'classes';
  const refresh = useRefreshPortal();
  const go = (next: PortalTab) => {
    setParams(next === 'classes' ? {} : { tab: next }, { replace: true });
    refresh();
    window.scrollTo?.({ top: 0 });
  };
  const answer = usePortalMe().data;
  // Shown only once the answer is whole (a failed or odd answer leaves the parts that need it out).
  const me = answer?.member && answer.organization ? answer : undefined;
  // The next class the member holds a place in: booked, or already checked in (the kiosk checks
  // in before the class starts); the list holds only classes that have not ended.
  const next = useMyBookings().data?.upcoming?.find((b) => b.status === 'booked' || b.status === 'completed');

  return (
    <Box maw={960} mx="auto" pb={isPhone ? 96 : 'xl'}>
      <Stack gap={isPhone ? 'md' : 'lg'}>
        <PortalHeader
          me={me}
          next={next}
          compact={tab !== 'classes'}
          onShowCard={() => go('card')}
          onPay={() => go('billing')}
        />
        {!isPhone && <PortalTabs value={tab} onChange={go} />}
        <Box component="section" aria-label={tab}>
          {tab === 'classes' && <ClassesView me={me} />}
          {tab === 'bookings' && <BookingsView me={me} />}
          {tab === 'card' && <CardView me={me} />}
          {tab === 'billing' && <BillingView me={me} />}
          {tab === 'profile' && <ProfileView me={me} />}
        </Box>
      </Stack>
      {isPhone && <BottomNav value={tab} onChange={go} />}
    </Box>
  );
}
