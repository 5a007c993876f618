// What a settings page says about its last action: the status line stays in place (role=status,
// so each new sentence is announced politely) and the page's error is announced at once.
export function SettingsMessages({
  status,
  error,
}: {
  status: string;
  error: string | null | undefined;
}) {
  return (
    <>
      <p role="status" className="settings-page__status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="settings-page__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
