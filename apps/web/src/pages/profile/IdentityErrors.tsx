/** The error texts of an IdentityResult, exactly as the server wrote them (they are already user-facing). */
export function IdentityErrors({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <ul className="rd-app-form__errors" role="alert" data-testid={testId}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
