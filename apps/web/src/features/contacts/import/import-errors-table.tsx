import { Alert, Badge, Group, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { GENERIC_FAILURE } from '../../../app/api-client';
import { failureText } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import type { ImportJob, ImportRowProblem } from '../contacts.types';
import { IMPORT_ERRORS_PAGE_SIZE, useImportErrors } from './transfer.api';

// The rows of a finished import that were not created (duplicates and rejected rows),
// read from the server a page at a time so every one of them can be seen.

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

function KindBadge({ kind }: { kind: ImportRowProblem['kind'] }) {
  return (
    <Badge size="sm" variant="light" color={kind === 'rejected' ? 'red' : 'gray'}>
      {kind === 'rejected' ? 'Rejected' : 'Duplicate'}
    </Badge>
  );
}

/** Every duplicate and rejected row with its reason, a page at a time. */
export function RowsNotImported({ job }: { job: ImportJob }) {
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const errors = useImportErrors(job, page);
  const pages = Math.max(1, Math.ceil(job.errorsPage.total / IMPORT_ERRORS_PAGE_SIZE));
  const rows = errors.data?.errors ?? [];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Rows not imported ({job.errorsPage.total})
      </Text>
      <Text size="xs" c="dimmed">
        Row numbers count the contacts in the file, the header row not included.
      </Text>
      {errors.isError && (
        <Alert color="red" variant="light">
          Unable to load these rows. {failureText(errors.error, GENERIC_FAILURE)}
        </Alert>
      )}
      <ScrollArea.Autosize mah={260} type="auto">
        <Table
          striped
          withTableBorder
          verticalSpacing={4}
          aria-label="Rows not imported"
          aria-busy={errors.isFetching}
          style={{ opacity: errors.isPlaceholderData ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Row</Table.Th>
              {!isPhone && <Table.Th w={110}>Result</Table.Th>}
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item) => (
              <Table.Tr key={item.row} data-import-row={item.row}>
                <Table.Td>{item.row}</Table.Td>
                {!isPhone && (
                  <Table.Td>
                    <KindBadge kind={item.kind} />
                  </Table.Td>
                )}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {/* A phone has no room for the result column: the badge goes above the reason. */}
                  {isPhone && <KindBadge kind={item.kind} />}
                  {isPhone ? <Text size="sm">{item.reason}</Text> : item.reason}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Rows {(page - 1) * IMPORT_ERRORS_PAGE_SIZE + 1}–
            {Math.min(page * IMPORT_ERRORS_PAGE_SIZE, job.errorsPage.total)} of {job.errorsPage.total}
          </Text>
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            siblings={0}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
