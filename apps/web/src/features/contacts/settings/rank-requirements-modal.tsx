import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { rankRequirementsBody } from '@opsuite/shared/contracts/contact-qualification';
import { useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { type FieldErrors, validate } from '../../../app/validate';
import { countNoun } from '../contact-text';
import { useRankRequirements } from './settings.api';

// The requirements to reach a rank (classes since the rank before it, minimum days in that rank),
// edited from the ranks settings and from a contact's qualified progression.

export interface RequirementsRank {
  _id: string;
  name: string;
  classesRequired: number | null;
  minDaysInRank: number | null;
}

/** A rank's requirements in a few words: "20 classes · 90 days", or "No requirements". */
export function requirementsText(rank: RequirementsRank): string {
  const parts = [];
  if (rank.classesRequired !== null) parts.push(countNoun(rank.classesRequired, 'class', 'classes'));
  if (rank.minDaysInRank !== null) parts.push(countNoun(rank.minDaysInRank, 'day', 'days'));
  return parts.length > 0 ? parts.join(' · ') : 'No requirements';
}

export function RankRequirementsModal({
  opened,
  rank,
  onClose,
}: {
  opened: boolean;
  rank: RequirementsRank;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Requirements for ${rank.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* The modal unmounts its content when closed, so each opening starts from the saved values. */}
      <RequirementsForm key={rank._id} rank={rank} onClose={onClose} />
    </Modal>
  );
}

function RequirementsForm({ rank, onClose }: { rank: RequirementsRank; onClose: () => void }) {
  const save = useRankRequirements();
  const [classes, setClasses] = useState<number | string>(rank.classesRequired ?? '');
  const [days, setDays] = useState<number | string>(rank.minDaysInRank ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    const body = {
      classesRequired: classes === '' ? null : classes,
      minDaysInRank: days === '' ? null : days,
    };
    const result = validate(rankRequirementsBody, body);
    setErrors(result.errors);
    if (!result.ok) return;
    save.mutate(
      { rankId: rank._id, body: result.data },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (e) => toastFailure(e),
      },
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Counted from the day a member reached the rank before {rank.name}. Leave empty for no requirement.
      </Text>
      <NumberInput
        label="Classes required"
        min={0}
        allowDecimal={false}
        value={classes}
        onChange={setClasses}
        error={errors.classesRequired}
      />
      <NumberInput
        label="Minimum days in rank"
        min={0}
        allowDecimal={false}
        value={days}
        onChange={setDays}
        error={errors.minDaysInRank}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save requirements
        </Button>
      </Group>
    </Stack>
  );
}
