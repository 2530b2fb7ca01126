import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'graphql';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { abortedCallsOf, answerOperations, callsOf, query, resetFakeApi } from '../../test/fake-api';
import { signIn } from '../../test/helpers';
import { graphql } from './documents';
import { graphqlRequest } from './graphql';
import { operationName, queryKey, useApiMutation, useApiQuery } from './queries';

const PUBLIC_NAME = graphql(`
  query TestPublicName($id: ID!) {
    publicProfile(id: $id) {
      id
      publicName
    }
  }
`);
const CHANGE_PASSWORD = graphql(`
  mutation TestChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      id
    }
  }
`);

const profile = (id: string) => ({ id, publicName: `Name of ${id}` });

/** Shows the public name of the profile picked with the buttons. */
function Picker() {
  const [id, setId] = useState('u-1');
  const name = useApiQuery(PUBLIC_NAME, { id });
  const change = useApiMutation(CHANGE_PASSWORD, { invalidates: [PUBLIC_NAME] });
  return (
    <>
      <button onClick={() => setId('u-2')}>second</button>
      <button onClick={() => void change.mutateAsync({ input: { currentPassword: 'a', newPassword: 'b' } })}>change</button>
      <p>{name.data?.publicProfile?.publicName ?? 'loading'}</p>
    </>
  );
}

describe('queries and mutations', () => {
  it('keys a query by its operation name and variables', () => {
    expect(operationName(PUBLIC_NAME)).toBe('TestPublicName');
    expect(queryKey(PUBLIC_NAME, { id: 'u-1' })).toEqual(['TestPublicName', { id: 'u-1' }]);
  });

  it('shares one request between the screens that ask for the same key', async () => {
    signIn('USER');
    answerOperations({ publicProfile: ({ id }: { id: string }) => profile(id) });
    render(
      <>
        <Picker />
        <Picker />
      </>,
    );
    expect(await screen.findAllByText('Name of u-1')).toHaveLength(2);
    expect(callsOf('publicProfile')).toEqual([{ id: 'u-1' }]);
  });

  it('cancels the request for variables no longer shown, and never shows its late answer', async () => {
    signIn('USER');
    let answerFirst: (value: unknown) => void = () => {};
    answerOperations({ publicProfile: [() => new Promise((resolve) => (answerFirst = resolve)), ({ id }: { id: string }) => profile(id)] });
    render(<Picker />);
    await waitFor(() => expect(callsOf('publicProfile')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Name of u-2')).toBeVisible();
    expect(abortedCallsOf('publicProfile')).toBe(1);
    await act(async () => answerFirst(profile('u-1')));
    expect(screen.queryByText('Name of u-1')).not.toBeInTheDocument();
  });

  it('asks again for what a successful mutation invalidates', async () => {
    signIn('USER');
    answerOperations({ publicProfile: ({ id }: { id: string }) => profile(id), changePassword: { id: 'user-1' } });
    render(<Picker />);
    await screen.findByText('Name of u-1');
    await userEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(callsOf('publicProfile')).toHaveLength(2));
    expect(callsOf('changePassword')).toEqual([{ input: { currentPassword: 'a', newPassword: 'b' } }]);
  });
});

describe('the fake API of the unit tests', () => {
  it('refuses, and reports, a document the schema does not allow', async () => {
    // A field the schema lacks, as a document that escaped the checks of `npm run typecheck` would ask for it.
    await expect(query({ query: parse('query Bad { me { nope } }'), authToken: 'anonymous' })).rejects.toThrow(
      'Cannot query field "nope" on type "Me"',
    );
    expect(resetFakeApi()).toEqual([expect.stringContaining('Bad: Cannot query field "nope"')]);
  });

  it('refuses variables that do not match the operation', async () => {
    await expect(graphqlRequest(CHANGE_PASSWORD, { input: { currentPassword: 'a' } } as never)).rejects.toThrow(
      'Field "newPassword" of required type "String!" was not provided',
    );
    expect(resetFakeApi()).toEqual([expect.stringContaining('TestChangePassword: Variable "$input"')]);
  });
});
