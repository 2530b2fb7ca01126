import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { NearMeButton } from './NearMeButton';

beforeAll(() => i18n.loadNamespaces('address'));

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

/** A browser geolocation that answers with `answer` once asked. */
function stubGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn(answer);
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('near me', () => {
  it("hands over the reader's position named in the reader's language", async () => {
    stubGeolocation((success) => success({ coords: { latitude: 46.81, longitude: -71.21 } }));
    const onLocate = vi.fn();
    render(<NearMeButton onLocate={onLocate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    expect(onLocate).toHaveBeenCalledWith({ latitude: 46.81, longitude: -71.21, label: 'Near me' });
    expect(screen.queryByRole('alert')).toBeNull();

    await i18n.changeLanguage('fr');
    onLocate.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Près de moi' }));
    expect(onLocate).toHaveBeenCalledWith({ latitude: 46.81, longitude: -71.21, label: 'Près de moi' });
  });

  it('says the position could not be had when the reader refuses, tied to the button, and clears it on success', async () => {
    let answer: (success: Success, failure: Failure) => void = (_success, failure) => failure({ code: 1, message: 'User denied' });
    stubGeolocation((success, failure) => answer(success, failure));
    const onLocate = vi.fn();
    render(<NearMeButton onLocate={onLocate} />);
    const button = screen.getByRole('button', { name: 'Near me' });
    await userEvent.click(button);
    const message = 'Your location could not be found. Allow location access in your browser, or type an address.';
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(button).toHaveAccessibleDescription(message);
    expect(onLocate).not.toHaveBeenCalled();

    answer = (success) => success({ coords: { latitude: 45.5, longitude: -73.57 } });
    await userEvent.click(button);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onLocate).toHaveBeenCalledOnce();
  });

  it('shows the same message, in French, when the browser has no geolocation', async () => {
    await i18n.changeLanguage('fr');
    const { geolocation: _none, ...withoutGeolocation } = navigator as Navigator & { geolocation?: unknown };
    vi.stubGlobal('navigator', withoutGeolocation);
    render(<NearMeButton onLocate={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Près de moi' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Votre position n'a pas pu être obtenue.");
  });
});
