/** The error texts of an IdentityResult, as the server wrote them (they are already meant for people). */
export function IdentityErrors({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (errors.length === 0) return null;
  // The alert on a wrapper: a list keeps its list role, so its items stay items for screen readers.
  return (
    <div role="alert" data-testid={testId}>
      <ul className="rd-admin-profile__errors">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
