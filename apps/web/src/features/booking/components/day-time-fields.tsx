import { Grid, Text, TextInput } from '@mantine/core';

export interface DayTime {
  date: string;
  startTime: string;
  endTime: string;
}

export interface DayTimeFieldsProps {
  value: DayTime;
  onChange: (value: DayTime) => void;
  error?: string | null;
}

/** A day and start/end times in the organisation's zone: one row on desktop, two on a phone. */
export function DayTimeFields({ value, onChange, error }: DayTimeFieldsProps) {
  const field = (key: keyof DayTime) => ({
    value: value[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...value, [key]: event.currentTarget.value }),
  });
  return (
    <div>
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <TextInput type="date" label="Date" {...field('date')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <TextInput type="time" label="Start" {...field('startTime')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <TextInput type="time" label="End" {...field('endTime')} />
        </Grid.Col>
      </Grid>
      {error && (
        <Text c="red" size="sm" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
