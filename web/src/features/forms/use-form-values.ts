import { type Dispatch, type SetStateAction, useState } from 'react';

type TextChange = (event: unknown, data: { value: string }) => void;

/**
 * The values of a form of text inputs, with a change handler per field:
 * `const [form, setForm, set] = useFormValues(empty)` then `onChange={set('email')}`.
 */
export function useFormValues<Form extends Record<string, string>>(
  initial: Form | (() => Form),
): readonly [Form, Dispatch<SetStateAction<Form>>, (key: keyof Form) => TextChange] {
  const [values, setValues] = useState<Form>(initial);
  const set =
    (key: keyof Form): TextChange =>
    (_, data) =>
      setValues((prev) => ({ ...prev, [key]: data.value }));
  return [values, setValues, set];
}
