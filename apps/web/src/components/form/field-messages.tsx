import type { ReactNode } from 'react';

type FieldMessagesProps = {
  hint?: ReactNode;
  hintId: string | undefined;
  error?: string | undefined;
  errorId: string | undefined;
};

/** A field's hint and error lines, with the ids its input's aria-describedby points at. */
export function FieldMessages({ hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </>
  );
}
