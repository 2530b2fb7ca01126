// Contact messages held for review (docs/contact.md): past the day's usual number, a message is kept
// here rather than e-mailed at once, and the daily review e-mails the oldest in one message. One
// partition, oldest first; each goes after CONTACT_HELD_DAYS whether reviewed or not (TTL).

import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { CONTACT_HELD_PARTITION, heldContactMessageKey } from './keys';

export interface HeldContactMessage {
  id: string;
  heldAt: string;
  name: string;
  email: string;
  organization: string | null;
  subject: string;
  message: string;
  language: 'FRENCH' | 'ENGLISH';
}

const CONTACT_HELD_DAYS = 30;

export async function putHeldContactMessage(message: HeldContactMessage): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...heldContactMessageKey(message.heldAt, message.id),
        type: 'HeldContactMessage',
        ...message,
        ttl: Math.floor(Date.parse(message.heldAt) / 1000) + CONTACT_HELD_DAYS * 86_400,
      },
    }),
  );
}

/** The oldest `limit` held messages, and whether more wait behind them. */
export async function oldestHeldContactMessages(limit: number): Promise<{ messages: HeldContactMessage[]; more: boolean }> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': CONTACT_HELD_PARTITION },
      Limit: limit + 1,
      ConsistentRead: true,
    }),
  );
  const messages = Items.slice(0, limit).map(({ id, heldAt, name, email, organization, subject, message, language }) => ({
    id,
    heldAt,
    name,
    email,
    organization,
    subject,
    message,
    language,
  })) as HeldContactMessage[];
  return { messages, more: Items.length > limit };
}

export async function deleteHeldContactMessage(message: Pick<HeldContactMessage, 'id' | 'heldAt'>): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: heldContactMessageKey(message.heldAt, message.id) }));
}
