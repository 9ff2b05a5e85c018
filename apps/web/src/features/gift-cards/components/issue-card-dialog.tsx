import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { GiftCardTemplateAnswer } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { useGiftCardSettings, useIssueGiftCard } from '../gift-cards.api';
import { formatCents, toCents } from '../gift-cards-format';
import { type Recipient, RecipientFields, recipientBody, recipientProblems } from './recipient-fields';

export interface IssueCardDialogProps {
  templates: GiftCardTemplateAnswer[];
  onClose: () => void;
  onIssued: (id: string) => void;
}

const CUSTOM = 'custom';

/** Issues a card: from a template (one of its amounts, or a custom one) or a plain amount. */
export function IssueCardDialog({ templates, onClose, onIssued }: IssueCardDialogProps) {
  const issue = useIssueGiftCard();
  const settings = useGiftCardSettings();
  const active = templates.filter((t) => t.active);
  const [templateId, setTemplateId] = useState<string | null>(active[0]?._id ?? null);
  const template = active.find((t) => t._id === templateId) ?? null;
  const [choice, setChoice] = useState<string | null>(
    template?.fixedAmountsCents[0] ? String(template.fixedAmountsCents[0]) : null,
  );
  const [amount, setAmount] = useState('');
  const [recipient, setRecipient] = useState<Recipient>({
    name: '',
    email: '',
    message: template?.defaultMessage ?? '',
    deliverOn: '',
  });
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const needsPin = settings.data?.requirePin ?? false;

  const pickTemplate = (id: string | null) => {
    setTemplateId(id);
    const t = active.find((x) => x._id === id);
    setChoice(t?.fixedAmountsCents[0] ? String(t.fixedAmountsCents[0]) : t ? CUSTOM : null);
    setRecipient((r) => ({ ...r, message: t?.defaultMessage ?? '' }));
  };
  const amountOptions = template
    ? [
        ...template.fixedAmountsCents.map((c) => ({ value: String(c), label: formatCents(c) })),
        ...(template.allowCustom ? [{ value: CUSTOM, label: 'Custom amount' }] : []),
      ]
    : [];
  const typedAmount = !template || choice === CUSTOM;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = typedAmount ? toCents(amount) : Number(choice);
    const next: Record<string, string> = {};
    if (!cents || cents <= 0) next.amount = 'Enter an amount';
    Object.assign(next, recipientProblems(recipient));
    if (needsPin && !/^\d{4,8}$/.test(pin)) next.pin = 'PIN must be 4 to 8 digits';
    setErrors(next);
    if (Object.keys(next).length > 0 || !cents) return;
    issue.mutate(
      {
        templateId: template?._id ?? null,
        amountCents: cents,
        ...recipientBody(recipient),
        pin: pin || null,
      },
      { onSuccess: (answer) => onIssued(answer.data._id) },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Issue gift card" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Template"
            placeholder="No template: a plain amount"
            data={active.map((t) => ({ value: t._id, label: t.name }))}
            value={templateId}
            onChange={pickTemplate}
            clearable
          />
          {template && amountOptions.length > 0 && (
            <Select
              label="Amount"
              data={amountOptions}
              value={choice}
              onChange={setChoice}
              allowDeselect={false}
            />
          )}
          {typedAmount && (
            <TextInput
              label={template ? 'Custom amount ($)' : 'Amount ($)'}
              description={
                template?.allowCustom
                  ? `${formatCents(template.customMinCents ?? 100)} to ${template.customMaxCents ? formatCents(template.customMaxCents) : 'any amount'}`
                  : undefined
              }
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={errors.amount}
            />
          )}
          <RecipientFields
            value={recipient}
            onChange={setRecipient}
            errors={errors}
            deliveryHint="Leave empty to hand the card over yourself"
          />
          {needsPin && (
            <PasswordInput
              label="PIN"
              inputMode="numeric"
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              error={errors.pin}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={issue.isPending}>
              Issue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
