// Helpers shared by the web tests.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { routes } from '../app/routes';
import { syncSessionFromStorage } from '../lib/auth/session';
import { storeTokens, type SignedInRole } from '../lib/auth/tokens';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An access token shaped like the server's (the client never checks the signature). */
export function accessToken(role: SignedInRole, userId = 'user-1', nonce = 'a'): string {
  const userType = role === 'ADMIN' ? 'Admin' : 'User';
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: userId, userType, nonce })}.signature`;
}

/** Starts a session as if the visitor had logged in earlier (tokens in localStorage). */
export function signIn(role: SignedInRole, userId = 'user-1'): void {
  storeTokens({ token: accessToken(role, userId), refreshToken: `refresh-${userId}` });
  syncSessionFromStorage();
}

/** Renders routes (the app's by default) in a memory router at `path` (with navigation state, as `{ pathname, search, state }`). */
export function renderAt(path: string | { pathname: string; search?: string; state?: unknown }, table: RouteObject[] = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, user, location };
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Puts `text` into a field as a person pasting it does: a click, then one input of the whole text.
 * Typing key by key re-renders the whole form for every character, most of a form test's time; the
 * tests of what a key does (a suggestion list, Enter) type with `user.type` or `user.keyboard`.
 */
export async function fill(user: User, field: Element, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

type FetchAnswer = Response | Error | (() => Response | Promise<Response>);

/** Replaces fetch: answers by `METHOD path`; requests to /log are accepted silently. Returns the mock. */
export function mockFetch(answers: Record<string, FetchAnswer | FetchAnswer[]>) {
  const remaining = Object.fromEntries(Object.entries(answers).map(([key, value]) => [key, [value].flat()]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'POST /log') return new Response(null, { status: 204 });
    const queue = remaining[key];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`Unexpected fetch: ${key}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });

/** The calls made to one endpoint, with their JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
