import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ContactField } from '../contacts.types';
import { type CustomValue, numberKeyFilter } from './contact-form';

export interface CustomFieldInputsProps {
  fields: ContactField[];
  values: Record<string, CustomValue>;
  onChange: (values: Record<string, CustomValue>) => void;
}

/** One input per custom contact field, of the field's type. Values are keyed by the field's id. */
export function CustomFieldInputs({ fields, values, onChange }: CustomFieldInputsProps) {
  if (fields.length === 0) return null;
  const set = (id: string, value: CustomValue) => onChange({ ...values, [id]: value });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {fields.map((field) => {
        const value = values[field._id];
        switch (field.fieldType) {
          case 'checkbox':
            return (
              <Checkbox
                key={field._id}
                mt="lg"
                label={field.value}
                checked={value === true}
                onChange={(event) => set(field._id, event.currentTarget.checked)}
              />
            );
          case 'select':
            return (
              <Select
                key={field._id}
                label={field.value}
                data={field.options ?? []}
                value={typeof value === 'string' ? value : null}
                onChange={(next) => set(field._id, next)}
                clearable
              />
            );
          case 'number':
            return (
              <TextInput
                key={field._id}
                label={field.value}
                inputMode="decimal"
                value={value === null || value === undefined ? '' : String(value)}
                onKeyDown={numberKeyFilter}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  const number = Number(text);
                  set(
                    field._id,
                    text === '' ? null : Number.isFinite(number) && !text.endsWith('.') ? number : text,
                  );
                }}
              />
            );
          default:
            return (
              <TextInput
                key={field._id}
                label={field.value}
                type={field.fieldType === 'date' ? 'date' : 'text'}
                value={
                  typeof value === 'string'
                    ? value
                    : value === null || value === undefined
                      ? ''
                      : String(value)
                }
                onChange={(event) => set(field._id, event.currentTarget.value || null)}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
