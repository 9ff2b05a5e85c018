import type { KioskOrganization } from '@opsuite/shared/contracts/kiosk';
import { IconScan } from '@tabler/icons-react';
import { KioskClock } from './kiosk-clock';
import { KIOSK_TEXT } from './kiosk-toast';
import classes from './overlays.module.css';

export interface ScreensaverProps {
  organization: KioskOrganization | null;
  timeZone: string;
  background: string;
  /** Fading out after activity; it still catches the tap that woke the kiosk. */
  leaving?: boolean;
}

/** Shown after 20 s without activity; any touch, click, key or mouse move hides it. */
export function Screensaver({ organization, timeZone, background, leaving = false }: ScreensaverProps) {
  return (
    <div
      className={classes.screensaver}
      style={{ background }}
      data-leaving={leaving || undefined}
      aria-hidden={leaving || undefined}
      data-testid="screensaver"
    >
      <div className={classes.screensaverTop}>
        {organization?.logoLink && (
          <img src={organization.logoLink} alt="" className={classes.screensaverLogo} />
        )}
        <span className={classes.screensaverName}>{organization?.name}</span>
      </div>
      <div className={classes.screensaverMiddle}>
        <KioskClock
          timeZone={timeZone}
          className={classes.screensaverClock}
          dateClassName={classes.screensaverDate}
        />
        <div className={classes.screensaverPrompt}>
          <IconScan size={64} stroke={1.5} aria-hidden className={classes.screensaverIcon} />
          <h1 className={classes.screensaverText}>{KIOSK_TEXT.screensaver}</h1>
        </div>
      </div>
      <p className={classes.poweredBy}>{KIOSK_TEXT.poweredBy}</p>
    </div>
  );
}
