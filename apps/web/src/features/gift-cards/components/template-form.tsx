import { Button, FileInput, Group, Image, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { GiftCardTemplateAnswer } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { useSaveGiftCardDesign, useSaveGiftCardTemplate } from '../gift-cards.api';
import { parseAmounts, toCents } from '../gift-cards-format';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Adds or edits a template: name, amounts, custom range, message, active flag and design. */
export function TemplateForm({
  record,
  onClose,
}: {
  record: GiftCardTemplateAnswer | null;
  onClose: () => void;
}) {
  const save = useSaveGiftCardTemplate();
  const saveDesign = useSaveGiftCardDesign();
  const [name, setName] = useState(record?.name ?? '');
  const [amounts, setAmounts] = useState(
    record?.fixedAmountsCents.map((c) => c / 100).join(', ') ?? '25, 50, 100',
  );
  const [allowCustom, setAllowCustom] = useState(record?.allowCustom ?? false);
  const [min, setMin] = useState(record?.customMinCents ? String(record.customMinCents / 100) : '10');
  const [max, setMax] = useState(record?.customMaxCents ? String(record.customMaxCents / 100) : '500');
  const [message, setMessage] = useState(record?.defaultMessage ?? '');
  const [active, setActive] = useState(record?.active ?? true);
  const [design, setDesign] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fixed = amounts.trim() ? parseAmounts(amounts) : [];
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Name is required';
    if (fixed === null) next.amounts = 'Amounts like 25, 50, 100';
    else if (fixed.length === 0 && !allowCustom) next.amounts = 'Give an amount or allow a custom one';
    const minC = allowCustom ? toCents(min) : null;
    const maxC = allowCustom ? toCents(max) : null;
    if (allowCustom && (minC === null || maxC === null || minC <= 0 || maxC < minC))
      next.range = 'Smallest up to largest, e.g. 10 to 500';
    setErrors(next);
    if (Object.keys(next).length > 0 || fixed === null) return;
    const answer = await save.mutateAsync({
      id: record?._id ?? null,
      body: {
        name: name.trim(),
        fixedAmountsCents: fixed,
        allowCustom,
        customMinCents: minC,
        customMaxCents: maxC,
        defaultMessage: message.trim(),
        active,
      },
    });
    if (design) await saveDesign.mutateAsync({ id: answer.data._id, image: await readAsDataUrl(design) });
    onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={record ? 'Edit template' : 'Add template'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={(e) => void submit(e).catch(() => undefined)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Amounts ($)"
            description="Separated by commas"
            value={amounts}
            onChange={(e) => setAmounts(e.currentTarget.value)}
            error={errors.amounts}
          />
          <Switch
            label="Allow a custom amount"
            checked={allowCustom}
            onChange={(e) => setAllowCustom(e.currentTarget.checked)}
          />
          {allowCustom && (
            <Group grow>
              <TextInput
                label="Smallest ($)"
                inputMode="decimal"
                value={min}
                onChange={(e) => setMin(e.currentTarget.value)}
                error={errors.range}
              />
              <TextInput
                label="Largest ($)"
                inputMode="decimal"
                value={max}
                onChange={(e) => setMax(e.currentTarget.value)}
              />
            </Group>
          )}
          <Textarea
            label="Default message"
            autosize
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          {record?.designUrl && !design && (
            <Image src={record.designUrl} alt="Current design" radius="md" h={120} fit="cover" />
          )}
          <FileInput
            label="Design image"
            description="JPEG, PNG or WebP"
            accept="image/jpeg,image/png,image/webp"
            value={design}
            onChange={setDesign}
            clearable
          />
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending || saveDesign.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
