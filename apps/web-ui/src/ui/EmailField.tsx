import { Field } from "./Field.tsx";

/** The required e-mail field of the log-in, sign-up and reset forms. */
export function EmailField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <Field label="E-mail" error={error}>
      {(p) => (
        <input
          {...p}
          type="email"
          autoComplete="email"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
