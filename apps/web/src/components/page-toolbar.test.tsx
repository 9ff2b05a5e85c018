import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMediaQueries } from '../test-media';
import { renderWithProviders } from '../test-utils';
import { PageToolbar } from './page-toolbar';

const setPhone = (matches: boolean) => stubMediaQueries(() => matches);

afterEach(() => vi.restoreAllMocks());

describe('PageToolbar', () => {
  it('shows title, search, primary, add and collapse controls on desktop', async () => {
    setPhone(false);
    const onSearch = vi.fn();
    const onPrimary = vi.fn();
    const onAdd = vi.fn();
    const onCollapse = vi.fn();
    renderWithProviders(
      <PageToolbar
        title="Contacts"
        search={{ value: '', onChange: onSearch }}
        primaryAction={{ label: 'Import', onClick: onPrimary }}
        onAdd={onAdd}
        addLabel="Add contact"
        onCollapse={onCollapse}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'a');
    expect(onSearch).toHaveBeenCalledWith('a');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await user.click(screen.getByRole('button', { name: 'Collapse panel' }));
    expect(onPrimary).toHaveBeenCalledOnce();
    expect(onAdd).toHaveBeenCalledOnce();
    expect(onCollapse).toHaveBeenCalledOnce();
  });

  it('keeps search in view on phones and moves filters into a drawer titled Actions', async () => {
    setPhone(true);
    renderWithProviders(
      <PageToolbar
        title="Contacts"
        search={{ value: '', onChange: () => {} }}
        filters={<span>Status filter</span>}
        primaryAction={{ label: 'Import', onClick: () => {} }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeVisible();
    expect(screen.queryByText('Status filter')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('dialog', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: 'Search' })).toHaveLength(1);
    expect(screen.getByText('Status filter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
  });

  it('takes a custom drawer title', async () => {
    setPhone(true);
    renderWithProviders(<PageToolbar title="Staff" filters={<span>x</span>} drawerTitle="Filters" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });
});
