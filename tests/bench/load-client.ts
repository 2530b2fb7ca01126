// A simulated user's connection to the local host for the load bench (load.ts): one keep-alive HTTP
// connection from a loopback address of its own (127.77.x.y), so that the host's limits per source
// address count each user as the person they stand for, as a browser on its own network would be
// counted, and never the bench as a whole. The documents are the web app's, trimmed to what the
// screens read.

import { Client } from 'undici';

/** A refusal or a failure of one request: its code (the API's error code, or HTTP_<status>), for the error counts. */
export class RequestFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The loopback address of user `index`: 127.77.0.1 to 127.77.255.250, never the host's own 127.0.0.1. */
export const userAddress = (index: number) => `127.77.${Math.floor(index / 250)}.${1 + (index % 250)}`;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export class Connection {
  private readonly client: Client;
  /** Requests sent so far. */
  requests = 0;
  /** What the user is doing: each request names it to the host (`x-bench-operation`, load-capacity.ts). */
  operation = 'preparation';

  constructor(
    readonly origin: string,
    readonly address: string,
  ) {
    this.client = new Client(origin, { localAddress: address, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
  }

  /** `step` names the request within the operation (default: its method and path). */
  async request(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string> = {},
    body?: string,
    step = `${method} ${path.split('?')[0]}`,
  ): Promise<Answer> {
    this.requests++;
    const answer = await this.client.request({
      method,
      path,
      headers: { ...headers, 'x-bench-operation': `${this.operation}:${step}` },
      body,
    });
    return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
  }

  /** A JSON POST to an HTTP API route (/token/*): the parsed answer, RequestFailed unless 200. */
  async postJson<T>(path: string, body: unknown): Promise<T> {
    const answer = await this.request('POST', path, { 'content-type': 'application/json' }, JSON.stringify(body));
    if (answer.status !== 200) throw new RequestFailed(`HTTP_${answer.status}`, `${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return JSON.parse(answer.text) as T;
  }

  /** A form posted as the simulator's page posts it (same origin), which answers 303 to the site. */
  async postForm(path: string, fields: Record<string, string>): Promise<string> {
    const answer = await this.request(
      'POST',
      path,
      { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
      new URLSearchParams(fields).toString(),
    );
    if (answer.status !== 303) throw new RequestFailed(`HTTP_${answer.status}`, `${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return String(answer.headers.location);
  }

  /** A GraphQL call as the web app makes it (anonymous without a token): `data`, RequestFailed on any error. */
  async graphql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
    const answer = await this.request(
      'POST',
      '/graphql',
      { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : 'anonymous' },
      JSON.stringify({ query, variables }),
      /^(?:query|mutation) (\w+)/.exec(query)?.[1] ?? 'graphql',
    );
    let body: { data?: T; errors?: { message: string; errorType?: string; extensions?: { code?: string } }[] };
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      throw new RequestFailed(`HTTP_${answer.status}`, `/graphql: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    const error = body.errors?.[0];
    if (error) {
      const code = error.extensions?.code ?? error.errorType ?? `HTTP_${answer.status}`;
      throw new RequestFailed(code, `${query.slice(0, 60).replace(/\s+/g, ' ')}…: ${code} ${error.message}`);
    }
    return body.data!;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

export const DOCUMENTS = {
  signUp: 'mutation SignUp($input: CreateUserAccountInput!) { createUserAccount(input: $input) { id } }',
  confirmEmail: 'mutation ConfirmEmail($input: ConfirmEmailInput!) { confirmEmail(input: $input) { id } }',
  sendPhoneCode: 'mutation SendPhoneCode { sendPhoneVerificationCode { phoneNumber } }',
  verifyPhoneCode: 'mutation VerifyPhoneCode($input: VerifyPhoneCodeInput!) { verifyPhoneCode(input: $input) { phoneVerified } }',
  startOnboarding: 'mutation StartOnboarding { startPaymentOnboarding { url } }',
  createAd: 'mutation CreateAd($input: AdInput!, $requestKey: ID!) { createAd(input: $input, requestKey: $requestKey) { id path } }',
  publishAd: 'mutation PublishAd($id: ID!) { publishAd(id: $id) { id path published } }',
  createConversation: 'mutation CreateConversation($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
  searchPlaces: `query SearchPlaces($text: String!, $limit: Int, $language: ContentLanguage) {
    searchPlaces(text: $text, limit: $limit, language: $language) { label address town postalCode latitude longitude }
  }`,
  searchAds: `query SearchAds($input: AdSearchInput!, $limit: Int, $nextToken: String) {
    searchAds(input: $input, limit: $limit, nextToken: $nextToken) {
      items {
        id path title { fr en } category town latitude longitude radiusMeters
        image { id alt { fr en } variants { url width height } }
        rent { kind amountCents range unit taxMode } sale { kind amountCents range taxMode } trade donation
        publishedAt distanceKm equipmentRatings { count overall }
      }
      count { value exact }
      nextToken
    }
  }`,
  adDetail: `query AdDetail($id: ID!) {
    ad(id: $id) {
      id path equipmentRatings { count compliance cleanliness security overall }
      title { fr en } description { fr en } category
      location { exact address town postalCode latitude longitude radiusMeters }
      availability { all day evening weekdays restrictions { date period } }
      certifications allergens rent { kind amountCents range unit description { fr en } } taxMode cancellationPolicy
      organization contact { userId publicName organizationName email phoneNumber }
      images { id alt { fr en } variants { url width height } }
      published unlisted editable
    }
  }`,
  sendMessage: `mutation SendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) { id conversationId senderId body createdAt attachments { fileId } }
  }`,
  proposeContract: 'mutation ProposeContract($input: ProposeContractInput!) { proposeContract(input: $input) { id status version } }',
  acceptAndPay: 'mutation AcceptAndPay($input: PayContractInput!) { acceptAndPayContract(input: $input) { url expiresAt } }',
  createAlert: `mutation CreateAlert($input: CreateAlertInput!) {
    createAlert(input: $input) { id status criteria { categories keyword } place { label latitude longitude } radiusKm email language createdAt }
  }`,
  deleteAlert: 'mutation DeleteAlert($id: ID!) { deleteAlert(id: $id) }',
  myAlerts: 'query MyAlerts { myAlerts { id status } }',
  conversationMessages: `query ConversationMessages($conversationId: ID!, $limit: Int, $nextToken: String) {
    conversationMessages(conversationId: $conversationId, limit: $limit, nextToken: $nextToken) { items { id } nextToken }
  }`,
  contract: 'query Contract($id: ID!) { contract(id: $id) { id status version } }',
} as const;
