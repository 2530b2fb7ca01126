import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphqlRequest, subscribe } from '../../lib/api/graphql';
import { signIn } from '../../test/helpers';
import { FirstLoginWelcome } from './FirstLoginWelcome';

vi.mock('../../lib/api/graphql', () => ({ graphqlRequest: vi.fn(), subscribe: vi.fn() }));
const request = vi.mocked(graphqlRequest);
const listen = vi.mocked(subscribe);

const me = (firstLoginModalClosed: boolean) => ({
  me: { id: 'user-1', type: 'USER', email: 'a@b.ca', firstLoginModalClosed, profile: { id: 'p-1', publicName: 'Cuisine Solidaire', acceptedTos: null } },
});

describe('first-login welcome', () => {
  const stopListening = vi.fn();
  beforeEach(() => {
    request.mockReset();
    listen.mockReset();
    listen.mockReturnValue(stopListening);
  });

  it('welcomes a user who never closed it, and remembers the closing', async () => {
    signIn('USER');
    request.mockResolvedValueOnce(me(false)).mockResolvedValueOnce({});
    render(<FirstLoginWelcome />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome, Cuisine Solidaire!' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toBeInTheDocument();
    expect(request).toHaveBeenLastCalledWith(expect.stringContaining('updateFirstLoginModalClosed'), {
      input: { firstLoginModalClosed: true },
    });
  });

  it('closes when another tab closed it', async () => {
    signIn('USER');
    request.mockResolvedValueOnce(me(false));
    render(<FirstLoginWelcome />);
    await screen.findByRole('dialog');
    expect(listen).toHaveBeenCalledWith(expect.stringContaining('onFirstLoginModalClosed'), { id: 'user-1' }, expect.any(Function));
    act(() => listen.mock.calls[0]![2]({ onFirstLoginModalClosed: { id: 'user-1', firstLoginModalClosed: true } }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays away once closed, and for administrators', async () => {
    signIn('USER');
    request.mockResolvedValue(me(true));
    const { unmount } = render(<FirstLoginWelcome />);
    await waitFor(() => expect(request).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    signIn('ADMIN');
    render(<FirstLoginWelcome />);
    expect(request).toHaveBeenCalledOnce();
  });
});
