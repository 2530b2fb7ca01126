import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { signIn } from '../../test/helpers';
import { useSession } from './session';

function Who() {
  const session = useSession();
  return <p>{session ? `signed in as ${session.userId}` : 'a visitor'}</p>;
}

it("takes over a page the server painted for a visitor as it was painted, then shows the signed-in reader's", async () => {
  signIn('USER', 'user-7');
  // Painted outside the browser (server-render.tsx): as an anonymous visitor, whoever asks.
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Who />);
  expect(container.textContent).toBe('a visitor');

  const differed = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Who />, { onRecoverableError: differed });
  });
  // Adopted without a mismatch (React would have drawn the tree again), then rendered with the session.
  expect(differed).not.toHaveBeenCalled();
  expect(container.textContent).toBe('signed in as user-7');
});
