// A published rating's comment, or, once moderators hid it, only that it was hidden (the server sends
// no words of it): on the profile's reviews and on the rating screen.
import { useTranslation } from 'react-i18next';
import './ratings.css';

interface RatingCommentProps {
  comment: string | null;
  commentHidden: boolean;
  className: string;
}

export function RatingComment({ comment, commentHidden, className }: RatingCommentProps) {
  const { t } = useTranslation('ratings');
  if (commentHidden) return <p className="rating-comment--hidden">{t('commentHidden')}</p>;
  return comment ? <blockquote className={className}>{comment}</blockquote> : null;
}
