// The × that closes a dialog, a card or a notification: a 44 px touch target named by `label` (the sign
// itself is hidden from screen readers). `corner` puts it in the top corner of its dialog or card
// (position: relative), whose title keeps clear of it; otherwise it sits in the flow, as beside a
// notification's text.

export function CloseButton({ label, onClick, corner = false }: { label: string; onClick(): void; corner?: boolean }) {
  return (
    <button type="button" className={corner ? 'close-button close-button--corner' : 'close-button'} aria-label={label} onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
