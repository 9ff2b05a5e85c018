import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { isSpinnerSuppressed, LoadingSpinner } from './loading-spinner';

describe('LoadingSpinner', () => {
  it('is suppressed on the form-preview and website path prefixes', () => {
    expect(isSpinnerSuppressed('/form-preview/abc')).toBe(true);
    expect(isSpinnerSuppressed('/website/home')).toBe(true);
    expect(isSpinnerSuppressed('/contacts')).toBe(false);
    expect(isSpinnerSuppressed('/')).toBe(false);
  });

  it('renders a status on ordinary pages and nothing on suppressed ones', () => {
    const { unmount } = renderWithProviders(<LoadingSpinner pathname="/contacts" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<LoadingSpinner pathname="/website/landing" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
