// Events the server pushes to subscribers, whatever triggers them (a mutation, a webhook, a
// schedule). Each one travels through an IAM-only mutation of the schema that its subscriptions
// listen to (`@aws_subscribe`); `selection` is what that mutation asks back, so it must cover every
// field a subscriber may select. Adding an event: docs/contracts.md, "Publish".

import type { ChatEvent, ContractEvent, FirstLoginModalClosedResult } from '@partage/graphql';

export const SERVER_EVENTS = {
  firstLoginModalClosed: { mutation: 'publishFirstLoginModalClosed', selection: 'id firstLoginModalClosed' },
  chatEvent: {
    mutation: 'publishChatEvent',
    selection:
      'userId type conversationId participantId at message { id conversationId senderId body createdAt attachments { fileId name contentType size width height url } contractStep { contractId kind version } }',
  },
  contractEvent: { mutation: 'publishContractEvent', selection: 'userId contractId kind status version at' },
} as const satisfies Record<string, { mutation: string; selection: string }>;

interface ServerEventData {
  firstLoginModalClosed: FirstLoginModalClosedResult;
  chatEvent: ChatEvent;
  contractEvent: ContractEvent;
}

export type ServerEventName = keyof typeof SERVER_EVENTS;

export type ServerEvent = { [Name in ServerEventName]: { name: Name; data: ServerEventData[Name] } }[ServerEventName];
