// The building blocks of the full-screen pages (landing, how to share, how to search, about, FAQ):
// a banner with the page's h1, sections titled by an h2, numbered steps and calls to action.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './site-pages.css';

export function PageHero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="hero__content">
        <h1>{title}</h1>
        <p className="hero__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/** A region named by its h2, so that it is listed among the page's landmarks. */
export function PageSection({
  title,
  intro,
  children,
  className,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section className={className ? `landing-section ${className}` : 'landing-section'} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className="landing-section__intro">{intro}</p>}
      {children}
    </section>
  );
}

/** Numbered steps, each an h3 and its text. */
export function Steps({ items }: { items: { id: string; title: string; body: string }[] }) {
  return (
    <ol className="steps">
      {items.map((item) => (
        <li key={item.id} className="steps__item">
          <h3>{item.title}</h3>
          <p>{item.body}</p>
        </li>
      ))}
    </ol>
  );
}

export interface Action {
  to: string;
  label: string;
}

/** The page's main action first (a filled button), the others after it. */
export function Actions({ actions, large = false }: { actions: Action[]; large?: boolean }) {
  const size = large ? ' button--large' : '';
  return (
    <div className="join-actions">
      {actions.map((action, index) => (
        <Link key={action.to} to={action.to} className={index === 0 ? `button${size}` : `button button--secondary${size}`}>
          {action.label}
        </Link>
      ))}
    </div>
  );
}
