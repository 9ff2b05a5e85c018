import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { accessIdsFor, itemAccess, type SidebarGroup, SidebarList } from './sidebar-list';

const ME = 'user-me';
const ASSIGNER = 'user-assigner';
const OTHER = 'user-other';

const groups: SidebarGroup[] = [
  {
    key: 'mine',
    title: 'My folders',
    items: [
      { _id: 'f1', label: 'Leads', ownerId: ME, count: 12 },
      { _id: 'f2', label: 'Boss list', ownerId: ASSIGNER },
    ],
  },
  { key: 'shared', title: 'Shared', items: [{ _id: 'f3', label: 'Secret', ownerId: OTHER }] },
];

describe('sidebar access rules', () => {
  it('access ids are the user plus the assigner', () => {
    expect(accessIdsFor(ME, ASSIGNER)).toEqual([ME, ASSIGNER]);
    expect(accessIdsFor(ME, null)).toEqual([ME]);
  });

  it('only the owner who is the current user may edit or delete', () => {
    const ids = accessIdsFor(ME, ASSIGNER);
    expect(itemAccess(ME, ids, ME)).toEqual({ accessible: true, canManage: true });
    expect(itemAccess(ASSIGNER, ids, ME)).toEqual({ accessible: true, canManage: false });
    expect(itemAccess(OTHER, ids, ME)).toEqual({ accessible: false, canManage: false });
  });
});

describe('SidebarList', () => {
  it('renders buttons, category select, groups with counts and lock/folder icons', async () => {
    const onPrimary = vi.fn();
    const onSelect = vi.fn();
    renderWithProviders(
      <SidebarList
        groups={groups}
        currentUserId={ME}
        assignerId={ASSIGNER}
        primaryButton={{ label: 'New folder', onClick: onPrimary }}
        secondaryButton={{ label: 'Import', onClick: () => {} }}
        categories={[{ value: 'a', label: 'All' }]}
        onSelect={onSelect}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    expect(onPrimary).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeInTheDocument();

    const mine = screen.getByRole('region', { name: 'My folders' });
    expect(within(mine).getByLabelText('2 items')).toBeInTheDocument();
    expect(within(mine).getByText('12')).toBeInTheDocument();
    expect(within(mine).getAllByLabelText('Folder')).toHaveLength(2);
    const shared = screen.getByRole('region', { name: 'Shared' });
    expect(within(shared).getByLabelText('Locked')).toBeInTheDocument();

    // Edit/delete only on the item the current user owns.
    expect(screen.getByRole('button', { name: 'Actions for Leads' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Boss list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Secret' })).toBeNull();

    await user.click(screen.getByText('Boss list'));
    expect(onSelect).toHaveBeenCalledWith(groups[0]!.items[1]);
  });

  it('opens the edit/delete menu', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <SidebarList groups={groups} currentUserId={ME} onEdit={onEdit} onDelete={onDelete} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Leads' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(groups[0]!.items[0]);
    await user.click(screen.getByRole('button', { name: 'Actions for Leads' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(groups[0]!.items[0]);
  });

  it('works as a checkbox list; locked items cannot be checked', async () => {
    const onChecked = vi.fn();
    renderWithProviders(
      <SidebarList
        groups={groups}
        currentUserId={ME}
        checkable
        checkedIds={['f1']}
        onCheckedChange={onChecked}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Leads' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Secret' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Boss list' }));
    // Without the assigner, the assigner's items are locked too.
    expect(onChecked).not.toHaveBeenCalled();
  });

  it('checks an accessible item', async () => {
    const onChecked = vi.fn();
    renderWithProviders(
      <SidebarList
        groups={groups}
        currentUserId={ME}
        assignerId={ASSIGNER}
        checkable
        checkedIds={['f1']}
        onCheckedChange={onChecked}
      />,
    );
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Boss list' }));
    expect(onChecked).toHaveBeenCalledWith(['f1', 'f2']);
  });

  it('says when there is nothing to list', () => {
    renderWithProviders(<SidebarList groups={[]} currentUserId={ME} emptyText="No folders" />);
    expect(screen.getByText('No folders')).toBeInTheDocument();
  });
});
