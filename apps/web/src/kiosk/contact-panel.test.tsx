import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactPanel } from './contact-panel';
import { makeContact } from './kiosk-test-utils';

const renderPanel = (contact: Parameters<typeof ContactPanel>[0]['contact']) =>
  render(
    <MantineProvider env="test">
      <ContactPanel contact={contact} />
    </MantineProvider>,
  );

describe('ContactPanel', () => {
  it('shows the name with the fallbacks and the rank by title and badge image', () => {
    renderPanel(
      makeContact({
        name: '',
        fullName: null,
        contactName: null,
        firstName: 'Ana',
        lastName: 'Silva',
        currentRank: { name: null, title: 'Blue Belt', label: 'x', badgeImage: '/belt.png', image: '/i.png' },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Ana Silva' })).toBeInTheDocument();
    const rank = screen.getByTestId('contact-rank');
    expect(rank).toHaveTextContent('Blue Belt');
    expect(rank.querySelector('img')?.getAttribute('src')).toBe('/belt.png');
  });

  it('falls back to currentRankName and currentRankImage', () => {
    renderPanel(
      makeContact({ currentRank: null, currentRankName: 'Black Belt', currentRankImage: '/b.png' }),
    );
    expect(screen.getByTestId('contact-rank')).toHaveTextContent('Black Belt');
    expect(screen.getByTestId('contact-rank').querySelector('img')?.getAttribute('src')).toBe('/b.png');
  });

  it('shows markup in a name as text, never as HTML', () => {
    const { container } = renderPanel(makeContact({ fullName: '<img src=x onerror=alert(1)>' }));
    expect(screen.getByRole('heading')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('says No Contact Selected without a contact', () => {
    renderPanel(null);
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('No Contact Selected');
  });
});
