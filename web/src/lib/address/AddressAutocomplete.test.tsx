import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill } from '../../test/helpers';
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
    // Pasted: typed key by key on a busy machine, a pause mid-word asks for 'queb' first.
    await fill(userEvent.setup(), screen.getByRole('combobox', { name: 'Place' }), 'quebec');
    await screen.findByRole('option', { name: 'Québec, QC' });
    expect(callsOf('searchPlaces').at(-1)).toEqual({ text: 'quebec', language: 'FRENCH' });
  });
});

describe('Enter in the address field', () => {
  const montreal = { ...quebec, label: 'Montréal, QC H2X 1Y4', address: 'H2X 1Y4', town: 'Montréal', postalCode: 'H2X 1Y4' };

  /** The field in a form, as the search panel and the ad form have it: Enter must not submit it. */
  function renderInForm() {
    const onPick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Field onPick={onPick} />
      </form>,
    );
    return { onPick, onSubmit, field: screen.getByRole('combobox', { name: 'Place' }) };
  }

  it('takes the first suggestion for what is typed, without waiting for the list, and says which', async () => {
    answerOperations({ searchPlaces: [[montreal, quebec]] });
    const { onPick, onSubmit, field } = renderInForm();
    await userEvent.type(field, 'H2X 1Y4{Enter}');
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith(montreal));
    expect(callsOf('searchPlaces').at(-1)).toEqual({ text: 'H2X 1Y4', language: 'ENGLISH' });
    expect(field).toHaveValue('Montréal, QC H2X 1Y4');
    expect(screen.getByRole('status')).toHaveTextContent('Address chosen: Montréal, QC H2X 1Y4.');
    expect(onSubmit).not.toHaveBeenCalled();

    // Once the place is chosen, Enter is the form's again.
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches, and picks nothing', async () => {
    answerOperations({ searchPlaces: [[]] });
    const { onPick, onSubmit, field } = renderInForm();
    await userEvent.type(field, 'zzzz{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No address matches.'));
    expect(onPick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
