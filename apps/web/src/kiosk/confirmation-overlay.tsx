import { MEMBERSHIP_STATUS_LABELS } from '@opsuite/shared/rules/membership-status';
import { IconAlertTriangleFilled, IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import classes from './overlays.module.css';
import type { KioskConfirmation } from './use-check-in-flow';

/**
 * CHECKED IN or CHECKED IN: {first name}, or NOT CHECKED IN with the reason, for 2.5 seconds (the
 * flow's timer hides it), with the member's membership status: green when the rule lets them in,
 * amber when it warns, red when it refuses.
 */
export function ConfirmationOverlay({ confirmation }: { confirmation: KioskConfirmation | null }) {
  if (!confirmation) return null;
  const refused = confirmation.kind === 'refused';
  const warned = !refused && (confirmation.outcome === 'warned' || Boolean(confirmation.note));
  const tone = refused ? classes.refused : warned ? classes.warned : '';
  const Icon = refused ? IconCircleXFilled : warned ? IconAlertTriangleFilled : IconCircleCheckFilled;
  return (
    <div
      className={`${classes.confirmation} ${tone}`}
      role={refused ? 'alert' : 'status'}
      aria-live="assertive"
      data-testid={refused ? 'refusal' : 'confirmation'}
      data-outcome={refused ? 'refused' : (confirmation.outcome ?? 'allowed')}
    >
      <Icon size={120} aria-hidden className={classes.confirmationIcon} />
      <p className={classes.confirmationText}>{confirmation.text}</p>
      {confirmation.status && (
        <p className={classes.membershipLine} data-testid="membership-status">
          Membership: {MEMBERSHIP_STATUS_LABELS[confirmation.status]}
        </p>
      )}
      {confirmation.note && <p className={classes.confirmationNote}>{confirmation.note}</p>}
    </div>
  );
}
