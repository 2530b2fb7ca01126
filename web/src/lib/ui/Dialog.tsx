// A modal dialog on the native <dialog>: the browser traps focus, closes on Escape and gives focus back.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  /** Called when the dialog closes; a dialog that is not dismissible only closes when `open` turns false. */
  onClose?: () => void;
  /**
   * False for a dialog that must be answered (the terms): Escape does nothing, and a close request
   * Escape does not cover (e.g. Android's back gesture) opens it again at once.
   */
  dismissible?: boolean;
  /** A variant's class beside `dialog` (e.g. the search's filter sheet). */
  className?: string;
  children: ReactNode;
}

export function Dialog({ open, title, onClose, dismissible = true, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open || dismissible) return;
    // Cancelling the key press itself: browsers may skip a repeated `cancel` event without a click between.
    const keepOpen = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    document.addEventListener('keydown', keepOpen, true);
    return () => document.removeEventListener('keydown', keepOpen, true);
  }, [open, dismissible]);

  const closed = () => {
    if (open && !dismissible) {
      ref.current?.showModal();
      return;
    }
    // The browser gives focus back to what had it before; a dialog shown as a page loads had nothing,
    // and keyboard users would restart from the top of the page: they go on from the page's content.
    const active = document.activeElement;
    if (!active || active === document.body || ref.current?.contains(active)) document.querySelector<HTMLElement>('main')?.focus();
    onClose?.();
  };

  return (
    <dialog ref={ref} className={className ? `dialog ${className}` : 'dialog'} aria-labelledby={titleId} onClose={closed}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
