import { useTranslation } from 'react-i18next';
import { dismiss, useNotifications, type Notification } from '../lib/notifications/store';
import { CloseButton } from '../lib/ui/CloseButton';

const isUrgent = (notification: Notification) => notification.type === 'error' || notification.type === 'warning';

/**
 * The notifications, in two live regions that are always present (so additions are announced):
 * errors and warnings interrupt, successes and information wait their turn.
 */
export function NotificationRegion() {
  const notifications = useNotifications();
  return (
    <div className="notifications">
      <div role="status">{notifications.filter((n) => !isUrgent(n)).map(card)}</div>
      <div role="alert">{notifications.filter(isUrgent).map(card)}</div>
    </div>
  );
}

const card = (notification: Notification) => <NotificationCard key={notification.id} notification={notification} />;

function NotificationCard({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  return (
    <div className={`notification notification--${notification.type}`}>
      <p className="notification__text">{t(notification.text)}</p>
      {notification.dismissible && <CloseButton label={t('notifications.dismiss')} onClick={() => dismiss(notification.id)} />}
    </div>
  );
}
