import {
  Alert,
  Button,
  Collapse,
  Drawer,
  Group,
  MultiSelect,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { formatPhoneDisplay, phoneDigits } from '@opsuite/shared/rules/phone';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText, toast } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { PAYMENT_STATUS_OPTIONS } from '../contact-filters';
import { CONTACT_MESSAGES } from '../contact-messages';
import { useCreateContact, useUpdateBillingAddress, useUpdateContact } from '../contacts.api';
import type { Contact } from '../contacts.types';
import { useContactLookups } from '../use-contact-lookups';
import {
  type AddressPart,
  billingAddressChanged,
  type ContactFormErrors,
  type ContactFormValues,
  initialValues,
  numberKeyFilter,
  serverFieldErrors,
  toBillingAddress,
  toContactBody,
  validateContact,
} from './contact-form';
import { CustomFieldInputs } from './custom-field-inputs';
import { type DuplicateEmail, DuplicateEmailAlert, duplicateEmailOf } from './duplicate-email-alert';

export interface ContactFormDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The contact to edit; null creates a new one. */
  contact: Contact | null;
  onSaved?: (contact: Contact) => void;
}

const ADDRESS_LABELS: [AddressPart, string][] = [
  ['street', 'Street'],
  ['street2', 'Street line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP code'],
  ['country', 'Country'],
];

/** Create or edit a contact in a side drawer (a full-screen sheet on phones). */
export function ContactFormDrawer({ opened, onClose, contact, onSaved }: ContactFormDrawerProps) {
  const isPhone = useIsPhone();
  const lookups = useContactLookups(opened);
  const create = useCreateContact();
  const update = useUpdateContact();
  const saveAddress = useUpdateBillingAddress();
  const [values, setValues] = useState<ContactFormValues>(() => initialValues(contact));
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [addressOpen, setAddressOpen] = useState(false);
  const [duplicate, setDuplicate] = useState<DuplicateEmail | null>(null);
  const navigate = useNavigate();

  // Filled when the drawer opens (or another contact is chosen), not on every refetch, so a
  // background reload never wipes what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the contact's id on purpose
  useEffect(() => {
    if (!opened) return;
    setValues(initialValues(contact));
    setErrors({});
    setDuplicate(null);
    setAddressOpen(Boolean(contact?.billingAddress));
  }, [opened, contact?._id]);

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    if (key === 'email') setDuplicate(null);
  };
  const text = (
    key: 'firstName' | 'lastName' | 'fullName' | 'email' | 'phone' | 'birthday' | 'punchId' | 'plan',
  ) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
  });

  const submit = (event: FormEvent | null, allowDuplicateEmail = false) => {
    event?.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toContactBody(values);
    const fail = (error: unknown, fallback: string) => {
      setErrors(serverFieldErrors(error));
      const message = failureText(error, fallback);
      if (message) toast.error(message);
    };
    const done = (saved: Contact, message: string) => {
      toast.success(message);
      onSaved?.(saved);
      onClose();
    };
    if (contact) {
      // The billing address has its own call (billing-address/{id}) and its own failure text.
      const { billingAddress: _address, ...fields } = body;
      const addressChanged = billingAddressChanged(values, contact);
      const saveTheAddress = (saved: Contact) =>
        saveAddress.mutate(
          { id: contact._id, address: toBillingAddress(values) },
          {
            onSuccess: (answer) => done(answer.data, CONTACT_MESSAGES.updated),
            onError: (error) => {
              onSaved?.(saved);
              setAddressOpen(true);
              const detail = failureText(error, '');
              setErrors({ address: detail || CONTACT_MESSAGES.billingAddressFailed });
              toast.error(CONTACT_MESSAGES.billingAddressFailed);
            },
          },
        );
      update.mutate(
        { id: contact._id, body: fields },
        {
          onSuccess: (answer) =>
            addressChanged ? saveTheAddress(answer.data) : done(answer.data, CONTACT_MESSAGES.updated),
          onError: (error) => fail(error, CONTACT_MESSAGES.generic),
        },
      );
    } else {
      create.mutate(allowDuplicateEmail ? { ...body, allowDuplicateEmail } : body, {
        onSuccess: (answer) => done(answer.data, CONTACT_MESSAGES.created),
        onError: (error) => {
          const saved = duplicateEmailOf(error);
          if (saved) setDuplicate(saved);
          else fail(error, CONTACT_MESSAGES.createFailed);
        },
      });
    }
  };

  const customFields = lookups.fields.filter((field) => field.key.startsWith('custom:'));

  return (
    <Drawer
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={contact ? 'Edit contact' : 'New contact'}
      position={isPhone ? 'bottom' : 'right'}
      size={isPhone ? '100%' : 'lg'}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form onSubmit={submit} noValidate aria-label={contact ? 'Edit contact' : 'New contact'}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" {...text('firstName')} />
            <TextInput label="Last name" {...text('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Full name"
            description="Left empty, it is made from the first and last names"
            {...text('fullName')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Email" type="email" autoComplete="off" {...text('email')} />
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              placeholder="+1 (555) 123-4567"
              {...text('phone')}
              onKeyDown={numberKeyFilter}
              onBlur={() => phoneDigits(values.phone) && set('phone', formatPhoneDisplay(values.phone))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Contact type"
              data={lookups.contactTypes}
              value={values.contactTypeId}
              onChange={(value) => set('contactTypeId', value)}
              clearable
            />
            <Select
              label="Status"
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              value={values.status}
              onChange={(value) => set('status', value === 'inactive' ? 'inactive' : 'active')}
              allowDeselect={false}
            />
            <Select
              label="Stage"
              data={lookups.stages}
              value={values.stageId}
              onChange={(value) => set('stageId', value)}
              clearable
            />
            <Select
              label="Lead source"
              data={lookups.leadSources}
              value={values.leadSourceId}
              onChange={(value) => set('leadSourceId', value)}
              clearable
            />
            <Select
              label="Rank"
              data={lookups.ranks}
              value={values.rankId}
              onChange={(value) => set('rankId', value)}
              clearable
              searchable
            />
            <Select
              label="Payment status"
              data={PAYMENT_STATUS_OPTIONS}
              value={values.paymentStatus}
              onChange={(value) =>
                set('paymentStatus', (value ?? 'none') as ContactFormValues['paymentStatus'])
              }
              allowDeselect={false}
            />
          </SimpleGrid>
          <MultiSelect
            label="Tags"
            data={lookups.tags}
            value={values.tags}
            onChange={(value) => set('tags', value)}
            searchable
            clearable
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="Birthday" type="date" {...text('birthday')} />
            <TextInput label="Punch ID" {...text('punchId')} />
            <TextInput label="Plan" {...text('plan')} />
          </SimpleGrid>
          <Group gap="xl">
            <Switch
              label="Former member"
              checked={values.isFormer}
              onChange={(e) => set('isFormer', e.currentTarget.checked)}
            />
            <Switch
              label="Opted out of SMS"
              checked={values.stopSms}
              onChange={(e) => set('stopSms', e.currentTarget.checked)}
            />
          </Group>
          <CustomFieldInputs
            fields={customFields}
            values={values.customFields}
            onChange={(next) => set('customFields', next)}
          />
          <UnstyledButton onClick={() => setAddressOpen((open) => !open)} aria-expanded={addressOpen}>
            <Group gap={6}>
              {addressOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              Billing address
            </Group>
          </UnstyledButton>
          <Collapse expanded={addressOpen}>
            {errors.address && (
              <Alert color="red" variant="light" mb="sm" title={CONTACT_MESSAGES.billingAddressFailed}>
                {errors.address !== CONTACT_MESSAGES.billingAddressFailed && `${errors.address} `}
                The other changes were saved. Check the address and save again.
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {ADDRESS_LABELS.map(([part, label]) => (
                <TextInput
                  key={part}
                  label={label}
                  value={values.address[part]}
                  onChange={(event) =>
                    set('address', { ...values.address, [part]: event.currentTarget.value })
                  }
                />
              ))}
            </SimpleGrid>
          </Collapse>
          {duplicate && (
            <DuplicateEmailAlert
              duplicate={duplicate}
              adding={create.isPending}
              onOpen={() => {
                onClose();
                navigate(`/contacts/${duplicate.contactId}`);
              }}
              onAddAnyway={() => submit(null, true)}
            />
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending || saveAddress.isPending}>
              {contact ? 'Save changes' : 'Create contact'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
