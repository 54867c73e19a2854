import { PasswordField } from "./PasswordField.tsx";

/** A field that sets the account's new password, with the rule the API enforces on it. */
export function NewPasswordField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      minLength={10}
      value={value}
      onChange={onChange}
      error={error}
      hint="10 to 200 characters, not a common, breached or easily guessed password: a few uncommon words work well."
    />
  );
}
