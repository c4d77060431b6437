/** The error texts of an IdentityResult, as the server wrote them (they are already meant for people). */
export function IdentityErrors({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <ul className="rd-admin-profile__errors" role="alert" data-testid={testId}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
