/** The line under a form for a refusal that concerns no one field; announced as it appears. */
export function FormErrorSlot({ text, testId }: { text: string | null; testId: string }) {
  return (
    <div className="form-error-slot" aria-live="assertive">
      {text !== null && (
        <p className="form-error" role="alert" data-testid={testId}>
          {text}
        </p>
      )}
    </div>
  );
}
