import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { AUTHORIZATION_PDF_ERROR } from '@opsuite/shared/contracts/billing-payments';
import { IconFileTypePdf, IconSignature } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { openFile } from '../../../app/files';
import { failureText, toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import type { Contract } from '../billing.api';
import { useAuthorization, useSignAuthorization } from '../billing-actions.api';
import { SignaturePad } from './signature-pad';

// The payment authorization of a contract: the text the member agrees to, signed by typing their
// name (and, if they like, drawing it), and the PDF of it.

export function AuthorizationModal({
  contactId,
  contract,
  canSign,
  onClose,
}: {
  contactId: string;
  contract: Contract | null;
  canSign: boolean;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={contract !== null}
      onClose={onClose}
      title="Payment authorization"
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {contract && (
        <AuthorizationBody key={contract._id} contactId={contactId} contract={contract} canSign={canSign} />
      )}
    </Modal>
  );
}

function AuthorizationBody({
  contactId,
  contract,
  canSign,
}: {
  contactId: string;
  contract: Contract;
  canSign: boolean;
}) {
  const timeZone = useOrganizationTimeZone();
  const authorization = useAuthorization(contactId, contract._id);
  const sign = useSignAuthorization(contactId);
  const [name, setName] = useState('');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const data = authorization.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setError('Type the full name to sign');
    setError(null);
    sign.mutate(
      { contractId: contract._id, body: { signerName: name.trim(), signatureImage: drawing ?? undefined } },
      { onSuccess: (answer) => toast.success(answer.message), onError: (e) => toastFailure(e) },
    );
  };
  const pdf = () => {
    setOpening(true);
    openFile(`/contact-contract/${contactId}/${contract._id}/authorization/pdf`)
      .catch((e) => toast.error(failureText(e, AUTHORIZATION_PDF_ERROR) ?? AUTHORIZATION_PDF_ERROR))
      .finally(() => setOpening(false));
  };

  if (authorization.isPending) return <Loader size="sm" mx="auto" aria-label="Loading authorization" />;
  if (!data)
    return <Alert color="red">{failureText(authorization.error, 'Unable to load the authorization')}</Alert>;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>{contract.title}</Text>
        {data.signed ? (
          <Badge color="green" variant="light">
            Signed
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not signed
          </Badge>
        )}
      </Group>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {data.text}
        </Text>
      </Paper>
      {data.signed && (
        <Text size="sm">
          Signed by <b>{data.signerName}</b> on {formatInstant(data.signedAt, timeZone)}
          {data.card && ` for ${data.card}`}.
        </Text>
      )}
      {canSign && !data.signed && (
        <form onSubmit={submit} noValidate aria-label="Sign authorization">
          <Stack gap="sm">
            <TextInput
              label="Full name"
              description="Typing the name signs the authorization"
              placeholder="The member's full name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={120}
            />
            <SignaturePad onChange={setDrawing} />
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSignature size={16} />} loading={sign.isPending}>
                Sign authorization
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconFileTypePdf size={16} />} loading={opening} onClick={pdf}>
          {data.signed ? 'Open signed PDF' : 'Open PDF to sign on paper'}
        </Button>
      </Group>
    </Stack>
  );
}
