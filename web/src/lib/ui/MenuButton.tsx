// A disclosure menu (WAI-ARIA menu button): Enter/Space/ArrowDown open it, arrows move, Escape closes
// and gives focus back to the button, Tab or a click elsewhere closes it. An item may open a dialog
// (mounted while open): the menu is gone by then, so the button takes the focus back when it closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Link } from 'react-router-dom';

export type MenuItem = { id: string; label: string } & (
  | { to: string }
  | { onSelect: () => void }
  /** The dialog the item opens; `close` unmounts it and gives the focus back to the menu's button. */
  | { dialog: (close: () => void) => ReactNode }
);

interface MenuButtonProps {
  /** The button's accessible name, and its words unless it has an icon. */
  label: string;
  /** Shown instead of the label (a compact button, e.g. "⋯"); the label stays its name. */
  icon?: ReactNode;
  items: MenuItem[];
}

export function MenuButton({ label, icon, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [dialogOf, setDialogOf] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const menuItems = () => Array.from(containerRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    menuItems()[0]?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const target = {
      ArrowDown: all[(at + 1) % all.length],
      ArrowUp: all[(at - 1 + all.length) % all.length],
      Home: all[0],
      End: all[all.length - 1],
    }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  const select = (item: MenuItem) => {
    setOpen(false);
    if ('dialog' in item) {
      buttonRef.current?.focus();
      setDialogOf(item.id);
    } else if ('onSelect' in item) item.onSelect();
  };
  const closeDialog = () => {
    flushSync(() => setDialogOf(null));
    buttonRef.current?.focus();
  };
  const opened = items.find((item) => item.id === dialogOf);

  return (
    <div className="menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className={icon ? 'menu__button menu__button--icon' : 'menu__button'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={icon ? label : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {icon ? <span aria-hidden="true">{icon}</span> : label}
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={label} className="menu__list" onKeyDown={moveFocus}>
          {items.map((item) => (
            <li key={item.id} role="none">
              {'to' in item ? (
                <Link role="menuitem" tabIndex={-1} className="menu__item" to={item.to} onClick={() => setOpen(false)}>
                  {item.label}
                </Link>
              ) : (
                <button
                  role="menuitem"
                  tabIndex={-1}
                  type="button"
                  className="menu__item"
                  aria-haspopup={'dialog' in item ? 'dialog' : undefined}
                  onClick={() => select(item)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {opened && 'dialog' in opened && <ItemDialog render={opened.dialog} close={closeDialog} />}
    </div>
  );
}

/**
 * The dialog of the item chosen, as its render function gives it, at the document's end: a menu may sit
 * in a live region (a conversation's log), which would read the dialog out again as new content.
 */
function ItemDialog({ render, close }: { render: (close: () => void) => ReactNode; close: () => void }) {
  return createPortal(render(close), document.body);
}
