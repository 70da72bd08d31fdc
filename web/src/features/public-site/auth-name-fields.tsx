import { Field, Input } from '@fluentui/react-components';
import { useAuthFormStyles } from './use-auth-form-styles.ts';

type NameKey = 'firstName' | 'lastName';
type TextChange = (event: unknown, data: { value: string }) => void;

type AuthNameFieldsProps = {
  values: Record<NameKey, string>;
  onChange: (key: NameKey) => TextChange;
  errors?: Partial<Record<NameKey, string>>;
};

/** First and last name side by side, as the sign-up forms ask for them. */
export function AuthNameFields({ values, onChange, errors }: AuthNameFieldsProps) {
  const styles = useAuthFormStyles();
  return (
    <div className={styles.row}>
      <Field className={styles.field} label="First name" validationMessage={errors?.firstName}>
        <Input
          className={styles.input}
          size="large"
          name="first_name"
          autoComplete="given-name"
          value={values.firstName}
          onChange={onChange('firstName')}
        />
      </Field>
      <Field className={styles.field} label="Last name" validationMessage={errors?.lastName}>
        <Input
          className={styles.input}
          size="large"
          name="last_name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={onChange('lastName')}
        />
      </Field>
    </div>
  );
}
