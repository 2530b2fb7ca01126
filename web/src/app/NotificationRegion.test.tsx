import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_NEVER } from '@partage/graphql';
import { notify } from '../lib/notifications/store';
import { NotificationRegion } from './NotificationRegion';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('notifications', () => {
  it('keeps success and information for 6 s', () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => {
      notify({ type: 'success', text: 'accounts:settings.changePassword.done' });
      notify({ type: 'info', text: 'status.outOfDate' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed.');
    advance(5_999);
    expect(screen.getByText('A new version of the application is available.')).toBeVisible();
    advance(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps warnings and errors for 8 s, in the assertive region', () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => {
      notify({ type: 'error', text: 'error.unexpected' });
      notify({ type: 'warning', text: 'status.unavailable' });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('An unexpected error has occurred.');
    advance(7_999);
    expect(alert).toHaveTextContent('The service is temporarily unavailable.');
    advance(1);
    expect(alert).toBeEmptyDOMElement();
  });

  it('keeps a -1 notification until dismissed', () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => void notify({ type: 'error', text: 'errors.NOT_FOUND', duration: NOTIFICATION_NEVER }));
    advance(60 * 60 * 1000);
    expect(screen.getByText('The requested item could not be found.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('The requested item could not be found.')).not.toBeInTheDocument();
  });

  it('offers no dismiss button when the notification is not dismissible', () => {
    render(<NotificationRegion />);
    act(() => void notify({ type: 'info', text: 'loading', dismissible: false }));
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).not.toBeInTheDocument();
  });

  it('shows the same message once when it is raised twice', () => {
    render(<NotificationRegion />);
    act(() => {
      notify({ type: 'error', text: 'errors.RATE_LIMITED' });
      notify({ type: 'error', text: 'errors.RATE_LIMITED' });
    });
    expect(screen.getAllByText('Too many requests. Try again in a few minutes.')).toHaveLength(1);
  });

  it('keeps a message raised again for its whole duration from the second time', () => {
    vi.useFakeTimers();
    render(<NotificationRegion />);
    act(() => void notify({ type: 'info', text: 'errors.NO_CHANGE' }));
    advance(5_000);
    act(() => void notify({ type: 'info', text: 'errors.NO_CHANGE' }));
    advance(5_999);
    expect(screen.getAllByText('There are no changes to save.')).toHaveLength(1);
    advance(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
