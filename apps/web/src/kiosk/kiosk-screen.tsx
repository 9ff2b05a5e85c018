import { Accordion, Button, Group, Text } from '@mantine/core';
import type { BookingSlot } from '@opsuite/shared/contracts/kiosk';
import { formatSlotTime, KIOSK_TIMING, kioskAccentColor, todaysClasses } from '@opsuite/shared/rules/kiosk';
import { DEFAULT_SELF_CHECKIN_THEME, themeBackground } from '@opsuite/shared/rules/theme-color';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useIsPhone } from '../app/use-is-phone';
import { CheckInPanel } from './check-in-panel';
import { ClassList } from './class-list';
import { ClassSelectDialog } from './class-select-dialog';
import { ConfirmContactDialog } from './confirm-contact-dialog';
import { ConfirmationOverlay } from './confirmation-overlay';
import { ContactPanel } from './contact-panel';
import classes from './kiosk.module.css';
import { KioskHeader } from './kiosk-header';
import type { KioskDevice } from './kiosk-storage';
import { Screensaver } from './screensaver';
import { useCardReader } from './use-card-reader';
import { useCheckInFlow } from './use-check-in-flow';
import { useClassSelection } from './use-class-selection';
import { useIdle } from './use-idle';
import { useKioskData } from './use-kiosk-data';
import { useLinger } from './use-linger';
import { useNow } from './use-now';

const SCREENSAVER_FADE_MS = 400;
/** Class states ("Now") and the organisation's "today" are looked at this often. */
const NOW_TICK_MS = 30_000;

type Section = 'classes' | 'check-in' | 'contact';

export interface KioskScreenProps {
  device: KioskDevice;
  /** The hex the Mantine theme uses (buttons), from the self check-in theme. */
  onAccentChange: (hex: string) => void;
}

/** The paired kiosk: today's classes, the check-in panel and the contact. */
export function KioskScreen({ device, onAccentChange }: KioskScreenProps) {
  const now = useNow(NOW_TICK_MS);
  const data = useKioskData(device.organization, now);
  const { timeZone } = data;
  const todays = useMemo(() => todaysClasses(data.slots, now, timeZone), [data.slots, now, timeZone]);
  const selection = useClassSelection(todays, timeZone);
  const selectedSlot = todays.find((slot) => slot._id === selection.selectedId) ?? null;
  const flow = useCheckInFlow({ selectedSlot, todaysSlots: todays, countCheckIn: data.countCheckIn });

  // A paired device (device code stored) starts asleep and shows the class dialog fullscreen.
  const deviceMode = Boolean(device.code);
  const { idle, wake } = useIdle(KIOSK_TIMING.screensaverMs, deviceMode);
  const [resetKey, setResetKey] = useState(0);
  const { reset } = flow;
  useEffect(() => {
    if (!idle) return;
    reset();
    setResetKey((key) => key + 1);
  }, [idle, reset]);

  // The overlay fades out instead of vanishing: the tap that woke the kiosk must not also land on
  // the button under the finger (touch screens send the click after touchstart).
  const screensaverShown = useLinger(idle, SCREENSAVER_FADE_MS);

  useCardReader(flow.submitTag, flow.confirmRequest === null && flow.classDialogContact === null, resetKey);

  const theme = data.theme ?? DEFAULT_SELF_CHECKIN_THEME;
  const background = themeBackground(theme);
  const accent = kioskAccentColor(theme);
  useEffect(() => onAccentChange(accent), [accent, onAccentChange]);

  const isPhone = useIsPhone();
  const [sections, setSections] = useState<Section[]>(['classes', 'check-in']);
  const chooseClass = (id: string) => {
    selection.selectManually(id);
    // On a phone the chosen class closes its section and opens the check-in.
    if (isPhone)
      setSections((open) => [...open.filter((s) => s !== 'classes' && s !== 'check-in'), 'check-in']);
  };

  const classList = (
    <ClassList
      slots={todays}
      selectedId={selection.selectedId}
      onSelect={chooseClass}
      timeZone={timeZone}
      now={now}
      status={data.slotsStatus}
      onRetry={data.reloadSlots}
      label="Today's classes"
    />
  );
  const checkInPanel = <CheckInPanel flow={flow} resetKey={resetKey} onActivity={wake} />;
  const contactPanel = <ContactPanel contact={flow.contact} />;

  return (
    <div className={classes.root} style={{ background }}>
      <KioskHeader organization={data.organization} timeZone={timeZone} />
      {isPhone ? (
        <Accordion
          multiple
          value={sections}
          onChange={(value) => setSections(value as Section[])}
          variant="separated"
          radius="lg"
          className={classes.sections}
          classNames={{ item: classes.section, control: classes.sectionControl, label: classes.sectionLabel }}
        >
          <PhoneSection value="classes" title="Available Classes">
            {classList}
          </PhoneSection>
          <PhoneSection value="check-in" title="Check-in">
            {selectedSlot && (
              <ChosenClass
                slot={selectedSlot}
                onChange={() => setSections((open) => [...open.filter((s) => s !== 'classes'), 'classes'])}
              />
            )}
            {checkInPanel}
          </PhoneSection>
          <PhoneSection value="contact" title="Contact">
            {contactPanel}
          </PhoneSection>
        </Accordion>
      ) : (
        <main className={classes.columns}>
          <section className={classes.column} aria-labelledby="kiosk-classes-title">
            <h2 id="kiosk-classes-title" className={classes.columnTitle}>
              Available Classes
            </h2>
            <div className={classes.columnScroll}>{classList}</div>
          </section>
          <section className={classes.column} aria-label="Check-in">
            {checkInPanel}
          </section>
          <section className={classes.column} aria-labelledby="kiosk-contact-title">
            <h2 id="kiosk-contact-title" className={classes.columnTitle}>
              Contact
            </h2>
            {contactPanel}
          </section>
        </main>
      )}
      <ConfirmContactDialog request={flow.confirmRequest} onAnswer={flow.answerConfirm} />
      <ClassSelectDialog
        contact={flow.classDialogContact}
        slots={todays}
        initialSlotId={selection.selectedId}
        timeZone={timeZone}
        now={now}
        fullScreen={deviceMode}
        onClose={flow.closeClassDialog}
        onConfirm={flow.checkInFromDialog}
      />
      {screensaverShown && (
        <Screensaver
          organization={data.organization}
          timeZone={timeZone}
          background={background}
          leaving={!idle}
        />
      )}
      <ConfirmationOverlay confirmation={flow.confirmation} />
    </div>
  );
}

/** On a phone the class list closes once a class is chosen: the chosen class stays in sight here. */
function ChosenClass({ slot, onChange }: { slot: BookingSlot; onChange: () => void }) {
  return (
    <Group className={classes.chosenClass} justify="space-between" wrap="nowrap" data-testid="chosen-class">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          Class
        </Text>
        <Text fw={700} truncate>
          {slot.bookingType.title}
        </Text>
        <Text size="sm">
          {formatSlotTime(slot.startTime)} – {formatSlotTime(slot.endTime)}
        </Text>
      </div>
      <Button variant="light" size="sm" onClick={onChange}>
        Change class
      </Button>
    </Group>
  );
}

function PhoneSection({ value, title, children }: { value: Section; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>{title}</Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}
