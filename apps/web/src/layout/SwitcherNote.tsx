/** A switcher that cannot offer a choice: its label and a short reason, one line high like the selects. */
export function SwitcherNote({ label, note, testId }: { label: string; note: string; testId: string }) {
  return (
    <p className="rd-app-switcher rd-app-switcher--note" data-testid={testId}>
      <span className="rd-app-switcher__label">{label}</span>
      <span className="rd-app-switcher__note">{note}</span>
    </p>
  );
}
