import { Button, Text, TextInput } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import classes from './check-in.module.css';
import type { CodeTabProps } from './keypad-tab';
import { useScanGuard } from './scan-guard';

/**
 * Tab 2: a USB or Bluetooth card reader types the card's code into this input and presses Enter.
 * The input keeps the focus so the next card can be scanned without touching the screen. A repeat
 * of the same card is ignored until its check-in settled: after the confirmation (2.5 s) when it
 * was dealt with, 2 s after a failure, or at once when the tab is opened again.
 */
export function CardBarcodeTab({ onSubmit, busy }: CodeTabProps) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The tab remounts when it is opened again or the screensaver comes: a fresh guard each time.
  const guard = useScanGuard(null);

  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [busy]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const scanned = code.trim();
    // The same card again before the last check-in with it settled: ignored.
    if (scanned && !guard.accept(scanned)) {
      setCode('');
      return;
    }
    const handled = await onSubmit(code);
    if (handled) setCode('');
    if (scanned) guard.settle(scanned, handled);
  };

  return (
    <form onSubmit={submit} className={classes.tabBody} noValidate>
      <div className={classes.tabIllustration} aria-hidden>
        <IconId size={56} stroke={1.3} />
      </div>
      <Text ta="center" c="dimmed">
        Scan your membership card with the card reader
      </Text>
      <TextInput
        ref={input}
        aria-label="Card barcode"
        placeholder="Waiting for card..."
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        size="xl"
        classNames={{ input: classes.codeInput }}
        // Readers type like keyboards; a tablet's own keyboard would only cover the screen.
        inputMode="none"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
      <Button type="submit" size="xl" fullWidth loading={busy}>
        Check In
      </Button>
    </form>
  );
}
