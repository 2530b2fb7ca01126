// The chat's screens (spec §2).
export const CONVERSATIONS_PATH = '/conversations';

export const conversationPath = (conversationId: string): string => `${CONVERSATIONS_PATH}/${encodeURIComponent(conversationId)}`;
