import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { AddressAutocomplete } from './AddressAutocomplete';

beforeAll(() => i18n.loadNamespaces('address'));

const quebec = {
  label: 'Quebec City, QC',
  address: 'Quebec City',
  town: 'Quebec City',
  postalCode: null,
  latitude: 46.81,
  longitude: -71.21,
};

function Field({ onPick }: { onPick: (place: unknown) => void }) {
  const [value, setValue] = useState('');
  return <AddressAutocomplete label="Place" value={value} onType={setValue} onPick={(place) => (setValue(place.label), onPick(place))} />;
}

describe('address autocomplete', () => {
  it("asks for the places in the reader's language and picks one with the keyboard", async () => {
    answerOperations({ searchPlaces: [[quebec]] });
    const onPick = vi.fn();
    render(<Field onPick={onPick} />);
    const field = screen.getByRole('combobox', { name: 'Place' });
    await userEvent.type(field, 'quebec');
    await screen.findByRole('option', { name: 'Quebec City, QC' });
    expect(callsOf('searchPlaces').at(-1)).toEqual({ text: 'quebec', language: 'ENGLISH' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(quebec);
    expect(field).toHaveValue('Quebec City, QC');
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks in French for a French reader', async () => {
    await i18n.changeLanguage('fr');
    answerOperations({ searchPlaces: [[{ ...quebec, label: 'Québec, QC', town: 'Québec', address: 'Québec' }]] });
    render(<Field onPick={vi.fn()} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Place' }), 'quebec');
    await screen.findByRole('option', { name: 'Québec, QC' });
    expect(callsOf('searchPlaces').at(-1)).toEqual({ text: 'quebec', language: 'FRENCH' });
  });
});
