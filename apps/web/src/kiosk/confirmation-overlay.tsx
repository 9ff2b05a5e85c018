import { IconCircleCheckFilled } from '@tabler/icons-react';
import classes from './overlays.module.css';

/** CHECKED IN or CHECKED IN: {first name}, for 2.5 seconds (the flow's timer hides it). */
export function ConfirmationOverlay({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className={classes.confirmation} role="status" aria-live="assertive" data-testid="confirmation">
      <IconCircleCheckFilled size={140} aria-hidden className={classes.confirmationIcon} />
      <p className={classes.confirmationText}>{text}</p>
    </div>
  );
}
