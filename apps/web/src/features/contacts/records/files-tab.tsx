import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  DOCUMENT_EXTENSIONS,
  IMAGE_EXTENSIONS,
  TEXT_EXTENSIONS,
  VIDEO_EXTENSIONS,
} from '@opsuite/shared/rules/file-kind';
import { plural } from '@opsuite/shared/rules/plural';
import {
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconPhoto,
  IconTrash,
  IconUpload,
  IconVideo,
} from '@tabler/icons-react';
import { useState } from 'react';
import { failureText, toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDateInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import { CONTACT_MESSAGES } from '../contact-messages';
import type { ContactFile } from '../contacts.types';
import { prepareUpload } from './image-compress';
import { downloadContactFile, useContactFiles, useFileMutations } from './records.api';

const KIND_ICONS: Record<string, typeof IconFile> = {
  image: IconPhoto,
  video: IconVideo,
  document: IconFileTypePdf,
  text: IconFileText,
};

/** The kinds a contact file may be (images, videos, documents, text); the server refuses any other extension. */
const ACCEPTED = [...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS, ...DOCUMENT_EXTENSIONS, ...TEXT_EXTENSIONS]
  .map((ext) => `.${ext}`)
  .join(',');

export function formatSize(bytes: number | null | undefined): string {
  if (!bytes && bytes !== 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The contact's files, 50 a page with "load more"; upload with the kind from the extension, large
 * images compressed.
 */
export function FilesTab({ contactId, canWrite }: { contactId: string; canWrite: boolean }) {
  const isPhone = useIsPhone();
  const timeZone = useOrganizationTimeZone();
  const files = useContactFiles(contactId);
  const { upload, remove } = useFileMutations(contactId);
  const [busy, setBusy] = useState(false);
  const list = files.data?.pages.flatMap((page) => page.list) ?? [];

  const send = async (chosen: File[]) => {
    setBusy(true);
    try {
      for (const file of chosen) {
        const prepared = await prepareUpload(file, () => toast.error(CONTACT_MESSAGES.compressionFailed));
        try {
          await upload.mutateAsync({ file: prepared.blob, kind: prepared.kind, fileName: prepared.fileName });
          toast.success(CONTACT_MESSAGES.fileAdded);
        } catch (error) {
          toastFailure(error);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const confirmRemove = (file: ContactFile) =>
    confirmAction({
      title: 'Delete file',
      message: <>Delete {file.fileName}?</>,
      confirm: 'Delete',
      onConfirm: () =>
        remove.mutate(file, {
          onSuccess: (answer) => toast.success(answer.message ?? 'File deleted'),
          onError: (error) => toastFailure(error),
        }),
    });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>Files</Text>
          {canWrite && (
            <FileButton onChange={(chosen) => void send(chosen)} multiple accept={ACCEPTED}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={busy}>
                  Upload
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {files.isError && (
          <Alert color="red" title="Unable to load files">
            {failureText(files.error, CONTACT_MESSAGES.generic)}
          </Alert>
        )}
        {files.isPending && <Loader size="sm" mx="auto" />}
        {files.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No files yet. Images, videos, documents and text files can be uploaded.
          </Text>
        )}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={isPhone ? 0 : 560}>
            <Table
              verticalSpacing="xs"
              aria-label="Contact files"
              style={isPhone ? { tableLayout: 'fixed' } : undefined}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  {!isPhone && <Table.Th>Kind</Table.Th>}
                  {!isPhone && <Table.Th>Size</Table.Th>}
                  {!isPhone && <Table.Th>Added</Table.Th>}
                  <Table.Th w={isPhone ? 48 : 56}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((file) => (
                  <FileRow
                    key={file._id}
                    file={file}
                    isPhone={isPhone}
                    timeZone={timeZone}
                    canWrite={canWrite}
                    onRemove={() => confirmRemove(file)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.length > 0 && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {files.hasNextPage ? `Showing the first ${list.length} files` : plural(list.length, 'file')}
            </Text>
            {files.hasNextPage && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => void files.fetchNextPage()}
                loading={files.isFetchingNextPage}
              >
                Load more
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

interface FileRowProps {
  file: ContactFile;
  isPhone: boolean;
  timeZone: string;
  canWrite: boolean;
  onRemove: () => void;
}

/** One file; on a phone its kind, size and day sit under the name so the row fits the screen. */
function FileRow({ file, isPhone, timeZone, canWrite, onRemove }: FileRowProps) {
  const Icon = KIND_ICONS[file.kind] ?? IconFile;
  const added = formatDateInZone(file.createdAt, timeZone);
  const kind = file.kind.charAt(0).toUpperCase() + file.kind.slice(1);
  return (
    <Table.Tr data-file-id={file._id}>
      <Table.Td style={{ overflow: 'hidden' }}>
        <Group gap="xs" wrap="nowrap" align={isPhone ? 'flex-start' : 'center'}>
          <Icon size={18} style={{ flex: 'none' }} />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              truncate
              ta="left"
              maw="100%"
              title={`Download ${file.fileName}`}
              onClick={() => downloadContactFile(file).catch((error) => toastFailure(error))}
            >
              {file.fileName}
            </Anchor>
            {isPhone && (
              <Text size="xs" c="dimmed" truncate>
                {[kind, formatSize(file.size), added].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      {!isPhone && <Table.Td>{kind}</Table.Td>}
      {!isPhone && <Table.Td>{formatSize(file.size)}</Table.Td>}
      {!isPhone && <Table.Td>{added}</Table.Td>}
      <Table.Td>
        {canWrite && (
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${file.fileName}`} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
