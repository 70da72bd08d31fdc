import { Field, Input, type InputProps } from '@fluentui/react-components';

/** The password rules as the API checks them, said once for every form that sets a password. */
const NEW_PASSWORD_HINT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

type NewPasswordFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: NonNullable<InputProps['onChange']>;
  validationMessage?: string;
  required?: boolean;
  size?: InputProps['size'];
  className?: string;
  inputClassName?: string;
};

/** A field for choosing a password: the rules as its hint, and marked for password managers as a new one. */
export function NewPasswordField({
  label,
  name,
  value,
  onChange,
  validationMessage,
  required,
  size,
  className,
  inputClassName,
}: NewPasswordFieldProps) {
  return (
    <Field className={className} label={label} required={required} validationMessage={validationMessage} hint={NEW_PASSWORD_HINT}>
      <Input
        className={inputClassName}
        size={size}
        type="password"
        name={name}
        autoComplete="new-password"
        value={value}
        onChange={onChange}
      />
    </Field>
  );
}
