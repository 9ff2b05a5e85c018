import { ActionIcon, Checkbox, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ListColumn } from '../column-settings';
import { cellContent } from '../contact-cells';
import type { Contact } from '../contacts.types';
import classes from './contacts-table.module.css';
import { ACTIONS_WIDTH, columnWidth, SELECT_WIDTH, splitColumns, tableMinWidth } from './table-layout';

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
  const { pinned, rest } = splitColumns(columns);
  const allOn = contacts.length > 0 && contacts.every((c) => selected.has(c._id));
  const someOn = contacts.some((c) => selected.has(c._id));
  const nameLeft = { left: SELECT_WIDTH };

  return (
    <Table.ScrollContainer minWidth={tableMinWidth(columns)} type="native">
      <Table
        highlightOnHover
        stickyHeader
        verticalSpacing="xs"
        style={{ tableLayout: 'fixed' }}
        aria-label="Contacts"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={SELECT_WIDTH} className={`${classes.pinned} ${classes.select}`}>
              <Checkbox
                aria-label="Select all contacts on this page"
                checked={allOn}
                indeterminate={someOn && !allOn}
                onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            {/* No width: the name column takes whatever the others leave (at least its own width). */}
            {pinned && (
              <Table.Th className={`${classes.pinned} ${classes.name}`} style={nameLeft}>
                <HeaderLabel column={pinned} />
              </Table.Th>
            )}
            {rest.map((column) => (
              <Table.Th key={column.key} w={columnWidth(column)}>
                <HeaderLabel column={column} />
              </Table.Th>
            ))}
            <Table.Th w={ACTIONS_WIDTH} className={`${classes.pinned} ${classes.actions}`}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => {
            const isSelected = selected.has(contact._id);
            return (
              <Table.Tr
                key={contact._id}
                className={classes.row}
                data-contact-id={contact._id}
                data-selected={isSelected || undefined}
                bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(`/contacts/${contact._id}`)}
              >
                <Table.Td
                  className={`${classes.pinned} ${classes.select}`}
                  onClick={(event) => event.stopPropagation()}
                >
                  <Checkbox
                    aria-label={`Select ${contact.fullName}`}
                    checked={isSelected}
                    onChange={(event) => props.onToggle(contact._id, event.currentTarget.checked)}
                  />
                </Table.Td>
                {pinned && (
                  <Table.Td
                    className={`${classes.pinned} ${classes.name}`}
                    style={{ ...nameLeft, overflow: 'hidden' }}
                  >
                    <Text component="div" size="sm" truncate>
                      {cellContent(contact, pinned)}
                    </Text>
                  </Table.Td>
                )}
                {rest.map((column) => (
                  <Table.Td key={column.key} style={{ overflow: 'hidden' }}>
                    <Text component="div" size="sm" truncate>
                      {cellContent(contact, column)}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td className={`${classes.pinned} ${classes.actions}`}>
                  <RowMenu contact={contact} {...props} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A header on one line; a label longer than its column ends in an ellipsis and shows in full on hover. */
function HeaderLabel({ column }: { column: ListColumn }) {
  return (
    <Text size="sm" fw={600} truncate title={column.label} style={{ whiteSpace: 'nowrap' }}>
      {column.label}
    </Text>
  );
}
