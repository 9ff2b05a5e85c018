import { Textarea, TextInput } from '@mantine/core';

/** Who a card is for, its message and the day it is e-mailed, as typed. */
export interface Recipient {
  name: string;
  email: string;
  message: string;
  deliverOn: string;
}

/** The recipient's mistakes, by field: a name, and an address when the card is to be e-mailed. */
export function recipientProblems(r: Recipient): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!r.name.trim()) problems.name = 'Recipient name is required';
  if (r.deliverOn && !r.email.trim()) problems.email = 'An e-mail address is needed to send the card';
  return problems;
}

/** The recipient as the issue and update calls take it. */
export const recipientBody = (r: Recipient) => ({
  recipientName: r.name.trim(),
  recipientEmail: r.email.trim() || null,
  message: r.message.trim() || null,
  deliverOn: r.deliverOn || null,
});

interface RecipientFieldsProps {
  value: Recipient;
  onChange: (next: Recipient) => void;
  errors: Record<string, string>;
  /** What an empty delivery day means here. */
  deliveryHint: string;
}

/** The recipient's fields of the issue and edit dialogs. */
export function RecipientFields({ value, onChange, errors, deliveryHint }: RecipientFieldsProps) {
  const set = (field: keyof Recipient) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...value, [field]: e.currentTarget.value });
  return (
    <>
      <TextInput label="Recipient name" value={value.name} onChange={set('name')} error={errors.name} />
      <TextInput
        label="Recipient e-mail"
        type="email"
        value={value.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Textarea label="Message" autosize minRows={2} value={value.message} onChange={set('message')} />
      <TextInput
        label="E-mail it on"
        description={deliveryHint}
        type="date"
        value={value.deliverOn}
        onChange={set('deliverOn')}
      />
    </>
  );
}
