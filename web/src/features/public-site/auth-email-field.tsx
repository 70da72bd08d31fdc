import { Field, Input, type InputProps } from '@fluentui/react-components';
import { useAuthFormStyles } from './use-auth-form-styles.ts';

type AuthEmailFieldProps = {
  value: string;
  onChange: NonNullable<InputProps['onChange']>;
  validationMessage?: string;
};

/** The e-mail a person signs in with, on the sign-in and sign-up forms. */
export function AuthEmailField({ value, onChange, validationMessage }: AuthEmailFieldProps) {
  const styles = useAuthFormStyles();
  return (
    <Field className={styles.field} label="Email" validationMessage={validationMessage}>
      <Input
        className={styles.input}
        size="large"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={value}
        onChange={onChange}
      />
    </Field>
  );
}
