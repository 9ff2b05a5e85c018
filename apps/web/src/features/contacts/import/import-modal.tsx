import { Alert, Anchor, Badge, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { plural } from '@opsuite/shared/rules/plural';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { GENERIC_FAILURE } from '../../../app/api-client';
import { saveBlob } from '../../../app/files';
import { failureText, toast } from '../../../app/toast';
import type { ImportJob, ImportStatus } from '../contacts.types';
import { RowsNotImported } from './import-errors-table';
import { ImportParseError, type ParsedImport, parseImportFile } from './import-file';
import { useImportContacts } from './transfer.api';

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

function progressOf(status: ImportStatus, processed: number, total: number): number {
  if (status === 'success') return 100;
  return total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 0;
}

/** Import contacts from a CSV or JSON file with a progress bar (idle → processing → success). */
export function ImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedImport | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [sendFailed, setSendFailed] = useState(false);
  const importer = useImportContacts(setJob);
  // Until the server has answered the upload, the job is processing with nothing done yet.
  const status: ImportStatus = sendFailed
    ? 'failed'
    : (job?.status ?? (importer.isPending ? 'processing' : 'idle'));
  const total = job?.total ?? parsed?.rows.length ?? 0;
  const processed = job?.processed ?? 0;
  const finished = job !== null && (job.status === 'success' || job.status === 'failed');

  const reset = () => {
    setFile(null);
    setParsed(null);
    setParseError(null);
    setJob(null);
    setSendFailed(false);
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
    setJob(null);
    setSendFailed(false);
    importer.mutate(
      { rows: parsed.rows, fileName: file.name },
      {
        onSuccess: (result) => setJob(result),
        onError: (error) => {
          setSendFailed(true);
          const message = failureText(error, GENERIC_FAILURE);
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
        {parsed && !job && status === 'idle' && (
          <Alert color="blue" variant="light">
            {plural(parsed.rows.length, 'contact')} found in the file.
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
            value={progressOf(status, processed, total)}
            color={STATUS_COLOR[status]}
            animated={status === 'processing'}
            aria-label="Import progress"
          />
          {status !== 'idle' && (
            <Text size="xs" c="dimmed">
              {processed} of {total} rows processed
            </Text>
          )}
        </Stack>
        {job?.status === 'failed' && (
          <Alert color="red" title="The import stopped">
            {job.message ?? 'Something went wrong'}. Rows imported before it stopped are kept.
          </Alert>
        )}
        {finished && job && <ImportSummary job={job} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={importer.isPending}>
            {finished ? 'Done' : 'Cancel'}
          </Button>
          {!finished && (
            <Button onClick={start} disabled={!parsed} loading={importer.isPending}>
              {parsed ? `Import ${plural(parsed.rows.length, 'contact')}` : 'Import'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportSummary({ job }: { job: ImportJob }) {
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Text size="sm">
          Imported: <b>{job.created}</b>
        </Text>
        <Text size="sm">
          Duplicates: <b>{job.duplicates}</b>
        </Text>
        <Text size="sm">
          Rejected: <b>{job.rejected}</b>
        </Text>
      </Group>
      {job.errorsPage.total > 0 && <RowsNotImported job={job} />}
    </Stack>
  );
}
