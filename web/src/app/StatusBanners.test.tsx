import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATUS_POLL_MS } from '@partage/graphql';
import { startStatusPolling } from '../lib/app-status';
import { callsTo, json, mockFetch } from '../test/helpers';
import { StatusBanners } from './StatusBanners';

const poll = () => act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
let stop = () => {};
afterEach(() => stop());

async function start() {
  vi.useFakeTimers();
  render(<StatusBanners />);
  await act(async () => {
    stop = startStatusPolling();
  });
}

describe('status banners', () => {
  it('show nothing while the service is ready on the same version', async () => {
    mockFetch({ 'GET /status': json({ ready: true, version: '1' }) });
    await start();
    await poll();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('say the service is unavailable when it is not ready, and stop saying it once it is', async () => {
    mockFetch({ 'GET /status': [json({ ready: false, version: '1' }), json({ ready: true, version: '1' })] });
    await start();
    expect(screen.getByText(/temporarily unavailable/)).toBeVisible();
    await poll();
    expect(screen.queryByText(/temporarily unavailable/)).not.toBeInTheDocument();
  });

  it('say the service is unavailable when the status cannot be read', async () => {
    mockFetch({ 'GET /status': [json({ ready: true, version: '1' }), new TypeError('Failed to fetch')] });
    await start();
    await poll();
    expect(screen.getByText(/temporarily unavailable/)).toBeVisible();
  });

  it('offer a refresh when a new version appears, and stop polling', async () => {
    const fetchMock = mockFetch({ 'GET /status': [json({ ready: true, version: '1' }), json({ ready: true, version: '2' })] });
    await start();
    await poll();
    expect(screen.getByText('A new version of the application is available.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await poll();
    await poll();
    expect(callsTo(fetchMock, 'GET', '/status')).toHaveLength(2);
  });
});
