import { ActionIcon, Checkbox, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ListColumn } from '../column-settings';
import type { Contact } from '../contacts.types';
import { cellContent } from './contact-cells';

export interface ContactRowsProps {
  contacts: Contact[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  canUpdate: boolean;
  canDelete: boolean;
}

export function RowMenu({
  contact,
  onEdit,
  onDelete,
  canUpdate,
  canDelete,
}: Pick<ContactRowsProps, 'onEdit' | 'onDelete' | 'canUpdate' | 'canDelete'> & { contact: Contact }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${contact.fullName}`}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item leftSection={<IconEye size={14} />} onClick={() => navigate(`/contacts/${contact._id}`)}>
          Open
        </Menu.Item>
        {canUpdate && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(contact)}>
            Edit
          </Menu.Item>
        )}
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(contact)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The desktop list: one row per contact, the columns the user chose, a checkbox per row. */
export function ContactsTable(props: ContactRowsProps & { columns: ListColumn[] }) {
  const { contacts, columns, selected } = props;
  const navigate = useNavigate();
  const visible = columns.filter((column) => column.visible);
  const allOn = contacts.length > 0 && contacts.every((c) => selected.has(c._id));
  const someOn = contacts.some((c) => selected.has(c._id));
  const minWidth = visible.reduce((sum, column) => sum + column.width, 100);

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table highlightOnHover stickyHeader verticalSpacing="xs" style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Select all contacts on this page"
                checked={allOn}
                indeterminate={someOn && !allOn}
                onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            {visible.map((column) => (
              <Table.Th key={column.key} w={column.width}>
                <Text size="sm" fw={600} truncate>
                  {column.label}
                </Text>
              </Table.Th>
            ))}
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => (
            <Table.Tr
              key={contact._id}
              data-contact-id={contact._id}
              bg={selected.has(contact._id) ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(`/contacts/${contact._id}`)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select ${contact.fullName}`}
                  checked={selected.has(contact._id)}
                  onChange={(event) => props.onToggle(contact._id, event.currentTarget.checked)}
                />
              </Table.Td>
              {visible.map((column) => (
                <Table.Td key={column.key} style={{ overflow: 'hidden' }}>
                  <Text component="div" size="sm" truncate>
                    {cellContent(contact, column)}
                  </Text>
                </Table.Td>
              ))}
              <Table.Td>
                <RowMenu contact={contact} {...props} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
