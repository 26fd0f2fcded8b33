/** A form's error from the server, read out when it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <p className="form-error" role="alert" aria-live="assertive">
      {message ?? ''}
    </p>
  );
}
