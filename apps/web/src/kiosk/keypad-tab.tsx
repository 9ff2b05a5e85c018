import { Button, TextInput } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import classes from './check-in.module.css';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const MAX_LENGTH = 32;

export interface CodeTabProps {
  /** Resolves true when the input should be cleared. */
  onSubmit: (code: string) => Promise<boolean>;
  busy: boolean;
}

/** Tab 1: the numeric keypad: digits 0-9, backspace, CE and Submit. */
export function KeypadTab({ onSubmit, busy }: CodeTabProps) {
  const [code, setCode] = useState('');
  const press = (digit: string) => setCode((current) => (current + digit).slice(0, MAX_LENGTH));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (await onSubmit(code)) setCode('');
  };

  return (
    <form onSubmit={submit} className={classes.keypad} noValidate>
      <TextInput
        aria-label="Check-in code"
        placeholder="Enter check-in code..."
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, MAX_LENGTH))}
        size="xl"
        classNames={{ input: classes.codeInput }}
        // The on-screen keypad is the keyboard; tablets should not open theirs over it.
        inputMode="none"
        autoComplete="off"
      />
      <div className={classes.keys}>
        {DIGITS.map((digit) => (
          <Button key={digit} variant="default" className={classes.key} onClick={() => press(digit)}>
            {digit}
          </Button>
        ))}
        <Button variant="light" color="red" className={classes.key} onClick={() => setCode('')}>
          CE
        </Button>
        <Button variant="default" className={classes.key} onClick={() => press('0')}>
          0
        </Button>
        <Button
          variant="light"
          color="gray"
          className={classes.key}
          aria-label="Backspace"
          onClick={() => setCode((current) => current.slice(0, -1))}
        >
          <IconBackspace size={28} />
        </Button>
      </div>
      <Button type="submit" size="xl" fullWidth loading={busy}>
        Submit
      </Button>
    </form>
  );
}
