import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../app/toast';
import { ImportParseError, type ParsedImport, parseImportFile } from '../contact-import';
import { failureText } from '../contact-messages';
import { useImportContacts } from '../contact-transfer.api';
import type { ImportJob, ImportStatus } from '../contacts.types';
import { saveBlob } from '../contacts-http';

const STATUS_TEXT: Record<ImportStatus, string> = {
  idle: 'Idle',
  processing: 'Processing…',
  success: 'Success',
  failed: 'Failed',
};
const STATUS_COLOR: Record<ImportStatus, string> = {
  idle: 'gray',
  processing: 'blue',
  success: 'teal',
  failed: 'red',
};
const TEMPLATE = 'Full Name,First Name,Last Name,Email,Phone,Tags,Lead Source,Stage,Birthday\n';
const SHOWN_REJECTIONS = 200;

function progressOf(job: ImportJob | null): number {
  if (!job) return 0;
  if (job.status === 'success') return 100;
  return job.total > 0 ? Math.min(100, Math.round((job.processed / job.total) * 100)) : 0;
}

/** Import contacts from a CSV or JSON file with a progress bar (core §4: idle → processing → success). */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedImport | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const importer = useImportContacts(setJob);
  const status: ImportStatus = job?.status ?? 'idle';

  const reset = () => {
    setFile(null);
    setParsed(null);
    setParseError(null);
    setJob(null);
    importer.reset();
  };
  const close = () => {
    if (importer.isPending) return;
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    setFile(chosen);
    try {
      setParsed(parseImportFile(chosen.name, await chosen.text()));
    } catch (error) {
      setParseError(error instanceof ImportParseError ? error.message : 'The file could not be read.');
    }
  };

  const start = () => {
    if (!parsed || !file) return;
    setJob({
      status: 'processing',
      total: parsed.rows.length,
      processed: 0,
      imported: 0,
      duplicates: 0,
      rejected: [],
    });
    importer.mutate(
      { rows: parsed.rows, fileName: file.name },
      {
        onSuccess: (result) => setJob(result),
        onError: (error) => {
          setJob((current) => (current ? { ...current, status: 'failed' } : null));
          const message = failureText(error, 'Something went wrong');
          if (message) toast.error(message);
        },
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={close}
      title="Import contacts"
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          A CSV file with a header row, or a JSON array of contacts. Rows are matched by email and phone, so a
          contact already here is not added twice.{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => saveBlob(new Blob([TEMPLATE], { type: 'text/csv' }), 'contacts-template.csv')}
          >
            Download a template
          </Anchor>
        </Text>
        <Group>
          <FileButton
            onChange={(chosen) => void choose(chosen)}
            accept=".csv,.json,text/csv,application/json"
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconFileUpload size={16} />}
                disabled={importer.isPending}
              >
                Choose file
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="sm" truncate maw={320}>
              {file.name}
            </Text>
          )}
        </Group>
        {parseError && <Alert color="red">{parseError}</Alert>}
        {parsed && !job && (
          <Alert color="blue" variant="light">
            {parsed.rows.length} {parsed.rows.length === 1 ? 'contact' : 'contacts'} found in the file.
            {parsed.ignoredColumns.length > 0 && ` Ignored columns: ${parsed.ignoredColumns.join(', ')}.`}
          </Alert>
        )}
        <Stack gap={6} data-testid="import-progress" data-import-status={status}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Progress
            </Text>
            <Badge color={STATUS_COLOR[status]} variant="light">
              {STATUS_TEXT[status]}
            </Badge>
          </Group>
          <Progress
            value={progressOf(job)}
            color={STATUS_COLOR[status]}
            animated={status === 'processing'}
            aria-label="Import progress"
          />
          {job && job.status !== 'idle' && (
            <Text size="xs" c="dimmed">
              {job.processed} of {job.total} rows processed
            </Text>
          )}
        </Stack>
        {job?.status === 'success' && <ImportSummary job={job} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={importer.isPending}>
            {job?.status === 'success' ? 'Done' : 'Cancel'}
          </Button>
          {job?.status !== 'success' && (
            <Button onClick={start} disabled={!parsed} loading={importer.isPending}>
              {parsed ? `Import ${parsed.rows.length} contacts` : 'Import'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportSummary({ job }: { job: ImportJob }) {
  const shown = job.rejected.slice(0, SHOWN_REJECTIONS);
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Text size="sm">
          Imported: <b>{job.imported}</b>
        </Text>
        <Text size="sm">
          Duplicates: <b>{job.duplicates}</b>
        </Text>
        <Text size="sm">
          Rejected: <b>{job.rejected.length}</b>
        </Text>
      </Group>
      {shown.length > 0 && (
        <ScrollArea.Autosize mah={220} type="auto">
          <Table striped withTableBorder verticalSpacing={4} aria-label="Rejected rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Row</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((item) => (
                <Table.Tr key={`${item.row}-${item.reason}`}>
                  <Table.Td>{item.row}</Table.Td>
                  <Table.Td>{item.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {job.rejected.length > shown.length && (
            <Text size="xs" c="dimmed" mt={4}>
              and {job.rejected.length - shown.length} more
            </Text>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
