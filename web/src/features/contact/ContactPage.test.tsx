import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { loadRuntimeConfig } from '../../lib/config';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill, json, mockFetch, renderAt, signIn } from '../../test/helpers';

const TEAM = 'equipe@exemple.ca';

beforeAll(async () => {
  mockFetch({
    'GET /config.json': json({
      mode: 'local',
      graphqlEndpoint: '/graphql',
      apiUrl: '',
      region: 'ca-central-1',
      version: 't',
      site: { contactEmail: TEAM },
    }),
  });
  await loadRuntimeConfig();
});

const field = (name: string) => screen.getByRole('textbox', { name });
const sendButton = () => screen.getByRole('button', { name: 'Send the message' });
const sent = () => callsOf('sendContactMessage').map((call) => call!.input as Record<string, unknown>);

async function openPage() {
  const view = renderAt('/nous-joindre');
  await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  return view;
}

async function fillIn(user: ReturnType<typeof renderAt>['user']) {
  await fill(user, field('Name'), '  Luc Tremblay ');
  await fill(user, field('Email'), 'luc@exemple.ca');
  await fill(user, field('Subject'), 'Chambre froide');
  await user.type(field('Message'), 'Bonjour,{Enter}{Enter}Avez-vous une chambre froide ?');
}

// A lazy page: on a busy shared machine a journey can pass the default 5 s.
describe('the contact page', () => {
  it('tells how soon the team answers and where to write, then sends the message and says it was sent', async () => {
    answerOperations({ sendContactMessage: true });
    const { user } = await openPage();
    expect(document.title).toBe('Contact us | Food Equipment Sharing');
    expect(screen.getByText('We reply within 24 to 48 working hours.')).toBeVisible();
    expect(screen.getByRole('link', { name: TEAM })).toHaveAttribute('href', `mailto:${TEAM}`);
    await fillIn(user);
    await user.click(sendButton());

    const confirmation = await screen.findByText(
      'Thank you! Your message has been passed on to the team. We will reply to luc@exemple.ca within 24 to 48 working hours.',
    );
    await waitFor(() => expect(confirmation.parentElement).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Send the message' })).not.toBeInTheDocument();
    const [input] = sent();
    expect(input).toMatchObject({
      name: 'Luc Tremblay',
      email: 'luc@exemple.ca',
      organization: null,
      subject: 'Chambre froide',
      message: 'Bonjour,\n\nAvez-vous une chambre froide ?',
      language: 'ENGLISH',
      website: null,
    });
    expect(input!.elapsedMs).toEqual(expect.any(Number));
  });

  it('checks the fields with the server’s rules before sending, focusing the first message', async () => {
    answerOperations({ sendContactMessage: true });
    const { user } = await openPage();
    await fill(user, field('Email'), 'luc@exemple');
    await fill(user, field('Message'), '   ');
    await user.click(sendButton());
    expect(field('Name')).toHaveFocus();
    expect(field('Name')).toHaveAccessibleDescription('This field is required.');
    expect(field('Email')).toHaveAccessibleDescription('We will reply to this address. Please provide a valid email address.');
    expect(field('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Message')).toHaveAccessibleDescription('This field is required.');
    expect(field('Organisation (optional)')).not.toHaveAttribute('aria-invalid');
    expect(callsOf('sendContactMessage')).toEqual([]);
  });

  it('places the server’s refusals on their fields', async () => {
    answerOperations({ sendContactMessage: new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.email', rule: 'email' }]) });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(sendButton());
    await waitFor(() => expect(field('Email')).toHaveFocus());
    expect(field('Email')).toHaveAccessibleDescription('We will reply to this address. Please provide a valid email address.');
  });

  it('says the message could not be sent, keeping what was typed, and tells a sender who is too quick or too many', async () => {
    answerOperations({
      sendContactMessage: [
        new ApiError('INTERNAL', 'Lambda:Unhandled'),
        new ApiError('CONTACT_TOO_FAST', 'Too fast'),
        new ApiError('RATE_LIMITED', 'Too many requests'),
      ],
    });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(sendButton());
    expect(await screen.findByText('Your message could not be sent. Try again in a few moments.')).toHaveAttribute('role', 'alert');
    expect(field('Subject')).toHaveValue('Chambre froide');
    await user.click(sendButton());
    expect(await screen.findByText(/Your message went out too quickly after the page opened/)).toHaveAttribute('role', 'alert');
    await user.click(sendButton());
    expect(await screen.findByText('Too many requests. Try again in a few minutes.')).toHaveAttribute('role', 'alert');
    expect(sent()).toHaveLength(3);
  });

  it('says the form is unavailable when the server has no team address', async () => {
    answerOperations({ sendContactMessage: new ApiError('CONTACT_UNAVAILABLE', 'No address') });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(sendButton());
    expect(await screen.findByText('The contact form is not available at the moment.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send the message' })).not.toBeInTheDocument();
  });

  it('keeps its honeypot out of reach: not in the tab order, hidden from assistive technology, never autofilled', async () => {
    answerOperations({ sendContactMessage: true });
    const { user } = await openPage();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Do not fill in this field' })).not.toBeInTheDocument();
    field('Name').focus();
    const reached: Element[] = [];
    for (let i = 0; i < 8; i++) {
      await user.tab();
      reached.push(document.activeElement!);
    }
    expect(reached).not.toContain(trap);
    expect(reached).toContain(sendButton());
    // What a robot types into it goes along, for the server to drop the message.
    await fillIn(user);
    await fill(user, trap, 'https://spam.example');
    await user.click(sendButton());
    await screen.findByText(/Your message has been passed on to the team/);
    expect(sent()[0]).toMatchObject({ website: 'https://spam.example' });
  });

  it('starts filled with a signed-in user’s name, address and organisation', async () => {
    signIn('USER');
    answerOperations({
      me: {
        id: 'user-1',
        email: 'marie@exemple.ca',
        profile: { id: 'user-1', firstName: 'Marie', lastName: 'Gagnon', organizationName: 'Traiteur du Plateau' },
      },
    });
    renderAt('/nous-joindre');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Marie Gagnon');
    expect(field('Email')).toHaveValue('marie@exemple.ca');
    expect(field('Organisation (optional)')).toHaveValue('Traiteur du Plateau');
  });
});
