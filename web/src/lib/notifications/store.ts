// Notifications (spec §3, §4, §9): a list the shell renders; each leaves after its duration unless it is -1.
import { useSyncExternalStore } from 'react';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_NEVER, type NotificationType } from '@partage/graphql';

export interface Notification {
  id: number;
  type: NotificationType;
  /** A translation key (with its namespace prefix when not `common`), translated when shown so a language switch applies. */
  text: string;
  /** Milliseconds before it leaves by itself; NOTIFICATION_NEVER (-1) keeps it until dismissed. */
  duration: number;
  dismissible: boolean;
}

export type NotifyOptions = Pick<Notification, 'type' | 'text'> & Partial<Pick<Notification, 'duration' | 'dismissible'>>;

let items: readonly Notification[] = [];
let lastId = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: readonly Notification[]): void {
  items = next;
  listeners.forEach((listener) => listener());
}

export function notify({ type, text, duration = NOTIFICATION_DURATION_MS[type], dismissible = true }: NotifyOptions): number {
  // A burst of identical failures shows one message, not a stack of copies; raised again, it stays its
  // whole duration from now, or a message said a moment ago would vanish as soon as it is said again.
  const same = items.find((item) => item.type === type && item.text === text);
  const id = same?.id ?? ++lastId;
  if (!same) publish([...items, { id, type, text, duration, dismissible }]);
  clearTimeout(timers.get(id));
  if (duration !== NOTIFICATION_NEVER)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

export function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (items.some((item) => item.id === id)) publish(items.filter((item) => item.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => items;

export function useNotifications(): readonly Notification[] {
  // The same snapshot when the build prerenders pages (src/prerender.tsx).
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Dismisses every notification: a test starts with none left by the one before. */
export function dismissAll(): void {
  items.forEach(({ id }) => dismiss(id));
}
