import type { ChangeEvent } from 'react';

/** Upper-cases what the member types without moving the caret (docs/spec.md §5: forced upper case), then hands it on. */
export function upperCased<TField extends { onChange: (event: ChangeEvent<HTMLInputElement>) => unknown }>(field: TField): TField {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      const upper = input.value.toUpperCase();
      if (upper !== input.value) {
        const caret = input.selectionStart;
        input.value = upper;
        if (caret !== null) input.setSelectionRange(caret, caret);
      }
      return field.onChange(event);
    },
  };
}
