import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { UserAvatar } from './avatar';

describe('UserAvatar', () => {
  it('shows the first letters of the first two words', () => {
    renderWithProviders(<UserAvatar name="jane van doe" />);
    expect(screen.getByText('JV')).toBeInTheDocument();
  });

  it('shows one letter for a one-word name', () => {
    renderWithProviders(<UserAvatar name="Madonna" />);
    expect(screen.getByText('M')).toBeInTheDocument();
  });

  it('shows the photo when there is one', () => {
    renderWithProviders(<UserAvatar name="Jane Doe" src="https://example.com/jane.png" />);
    expect(screen.getByRole('img', { name: 'Jane Doe' })).toHaveAttribute(
      'src',
      'https://example.com/jane.png',
    );
  });
});
