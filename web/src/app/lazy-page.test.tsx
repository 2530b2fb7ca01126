import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@partage/graphql';
import { lazyPage, preloadRoutePages } from './lazy-page';
import { NotificationRegion } from './NotificationRegion';

function renderLazy(load: () => Promise<() => React.ReactNode>) {
  const Page = lazyPage(load);
  render(
    <>
      <NotificationRegion />
      <Suspense fallback={<p>waiting</p>}>
        <Page />
      </Suspense>
    </>,
  );
}

describe('lazyPage', () => {
  it('shows the page once its code arrived', async () => {
    renderLazy(async () => () => <h1>Loaded page</h1>);
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeVisible();
  });

  it('turns a failed download into an error notification and a reload offer', async () => {
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('heading', { name: 'The page could not be loaded' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    expect(screen.getByText('The page could not be loaded. Check your connection and try again.')).toBeVisible();
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    renderLazy(() => new Promise(() => {}));
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.getByText('waiting')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'The page could not be loaded' })).toBeVisible();
  });

  it('renders a preloaded page at once, without its fallback (a prerendered page is replaced by itself)', async () => {
    const load = vi.fn(async () => () => <h1>Preloaded page</h1>);
    const Page = lazyPage(load);
    const routes = [{ path: '/a', element: <Page /> }];
    await preloadRoutePages(routes, '/a');
    await preloadRoutePages(routes, '/ailleurs');
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Preloaded page' })).toBeVisible();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
