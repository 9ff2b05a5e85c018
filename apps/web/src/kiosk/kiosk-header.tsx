import type { KioskOrganization } from '@opsuite/shared/contracts/kiosk';
import classes from './kiosk.module.css';
import { KioskClock } from './kiosk-clock';

/** The organisation's logo and name, and its clock. */
export function KioskHeader({
  organization,
  timeZone,
}: {
  organization: KioskOrganization | null;
  timeZone: string;
}) {
  return (
    <header className={classes.header}>
      <div className={classes.brand}>
        {organization?.logoLink && (
          <img src={organization.logoLink} alt="" className={classes.logo} data-testid="kiosk-logo" />
        )}
        <div className={classes.brandText}>
          <div className={classes.orgName} data-testid="organization-name">
            {organization?.name ?? ''}
          </div>
          <div className={classes.subtitle}>Self Check-In</div>
        </div>
      </div>
      <KioskClock timeZone={timeZone} className={classes.headerClock} dateClassName={classes.headerDate} />
    </header>
  );
}
