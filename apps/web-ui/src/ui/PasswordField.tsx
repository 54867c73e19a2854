import { Field } from "./Field.tsx";

/** A required password field; `autoComplete` tells password managers whether it is the old or a new one. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  error,
  hint,
  minLength,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: "current-password" | "new-password";
  error?: string;
  hint?: string;
  minLength?: number;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={minLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
